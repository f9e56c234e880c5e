package dev.big.db.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import dev.big.db.query.EngineAccess;
import dev.big.db.query.QueryPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every statement the order index answers gives what the planes give: one table holds each value
 * twice, in {@code indexed} (with an order index) and in {@code plain} (without), and each
 * statement is asked of both after a bulk load and again after updates, deletes and inserts.
 * Statements the SQL differential draws only now and then (a distinct count of every record, say)
 * are asked here every time. The seed is printed on failure.
 */
class OrderIndexAnswersTest {

    private static final List<String> STATEMENTS = List.of(
            "SELECT count(*) FROM t WHERE %s >= %d",
            "SELECT count(*) FROM t WHERE %s < %d",
            "SELECT count(*) FROM t WHERE %s = %d",
            "SELECT count(*) FROM t WHERE %s != %d",
            "SELECT count(*) FROM t WHERE %s BETWEEN %d AND %d",
            "SELECT count(DISTINCT %s) FROM t",
            "SELECT median(%s) FROM t",
            "SELECT quantile_disc(%s, 0.99) FROM t",
            "SELECT quantile_disc(%s, 0.0), quantile_disc(%s, 1.0) FROM t",
            "SELECT id, %s FROM t ORDER BY %s DESC, id LIMIT 7",
            "SELECT id, %s FROM t ORDER BY %s NULLS FIRST, id LIMIT 5");

    @Test
    void theIndexAnswersWhatThePlanesAnswer() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        Random random = new Random(seed);
        try (Db db = Db.create(SqlTestFiles.newFile("order-index-answers"), List.of(TableDef.of("t",
                FieldDef.intField("indexed").withOrderIndex(), FieldDef.intField("plain"))))) {
            List<Row> rows = new ArrayList<>();
            for (int i = 0; i < 5_000; i++) {
                Row.Builder row = Row.builder();
                if (random.nextInt(10) > 0) { // one record in ten has no value
                    long value = random.nextInt(400) - 200;
                    row.set("indexed", value).set("plain", value);
                }
                rows.add(row.build());
            }
            db.bulkLoad("t", rows);
            askBoth(db, random, seed, "after the load");
            db.sql("UPDATE t SET indexed = 77, plain = 77 WHERE plain BETWEEN 0 AND 50");
            db.sql("DELETE FROM t WHERE plain < -150");
            db.sql("UPDATE t SET indexed = NULL, plain = NULL WHERE plain BETWEEN 60 AND 70");
            db.sql("INSERT INTO t (indexed, plain) VALUES (-999, -999), (999, 999), (NULL, NULL)");
            askBoth(db, random, seed, "after updates, deletes and inserts");
        }
    }

    private static void askBoth(Db db, Random random, long seed, String when) {
        boolean indexUsed;
        for (String statement : STATEMENTS) {
            for (int round = 0; round < 5; round++) {
                long bound = random.nextInt(500) - 250;
                String indexed = statement.formatted(args("indexed", bound, statement));
                String plain = statement.formatted(args("plain", bound, statement));
                List<List<Object>> expected = db.sql(plain).rows();
                assertEquals(expected, db.sql(indexed).rows(), "seed " + seed + ", " + when + ": " + indexed);
            }
        }
        try (Snapshot snapshot = db.read()) {
            SqlEngine.execute(snapshot, "SELECT count(*) FROM t WHERE indexed >= 3");
            indexUsed = EngineAccess.of(snapshot).lastPlan().path() == QueryPlan.Path.ORDER_INDEX;
        }
        assertTrue(indexUsed, "a count of indexed took the order index");
    }

    /** The field for each {@code %s}; the bound, then the bound plus 40, for the {@code %d}s. */
    private static Object[] args(String field, long bound, String statement) {
        List<Object> args = new ArrayList<>();
        long next = bound;
        for (int at = statement.indexOf('%'); at >= 0; at = statement.indexOf('%', at + 1)) {
            if (statement.charAt(at + 1) == 's') {
                args.add(field);
            } else {
                args.add(next);
                next = bound + 40;
            }
        }
        return args.toArray();
    }
}
