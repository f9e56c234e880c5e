package dev.big.db.sql;

import dev.big.db.Db;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Joins against DuckDB: a random fact table and two dimensions made to fit it ({@link RandomJoins}:
 * keys found twice, missing, NULL or nowhere in the fact table, empty dimensions, sparse ids),
 * loaded into big and into an in-process DuckDB; random joins of every supported form run on both
 * and compared as {@link SqlDifferentialTest} compares (in order only where ORDER BY decides every
 * tie). Every eighth statement is also run under EXPLAIN, which must not fail, compiled from its
 * own text and read through a streaming {@link SqlCursor}, which must answer the same (the check is
 * {@link SqlDifferentialTest}'s).
 *
 * <p>Default: {@value #DEFAULT_QUERIES} statements; more with {@code -Dbig.sql.joins=20000}; replay
 * with {@code -Dbig.seed=<seed printed on failure>}.
 */
@Tag("slow")
class JoinDifferentialTest {

    static final int DEFAULT_QUERIES = 1200;
    private static final int QUERIES_PER_TABLES = 60;

    @Test
    void randomJoinsMatchDuckDb() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        try {
            run(seed, Integer.getInteger("big.sql.joins", DEFAULT_QUERIES));
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("failed with seed " + seed + " (rerun with -Dbig.seed=" + seed + "): " + e.getMessage(), e);
        }
    }

    private static void run(long seed, int queries) {
        Random random = new Random(seed);
        int done = 0;
        while (done < queries) {
            RandomTable fact = RandomTable.generate(random, "t");
            RandomJoins joins = new RandomJoins(random, fact);
            try (Db db = Db.create(SqlTestFiles.newFile("join-diff"));
                 DuckDbMirror duck = new DuckDbMirror()) {
                for (RandomTable table : List.of(fact, joins.dimension, joins.snowflake)) {
                    table.load(db);
                    duck.load(table);
                }
                String tables = fact + "\n" + joins.dimension + "\n" + joins.snowflake;
                for (int q = 0; q < QUERIES_PER_TABLES && done < queries; q++, done++) {
                    RandomQueries.Generated query = joins.next();
                    SqlDifferentialTest.check(db, duck, query, done % 8 == 0, () -> tables + "\n  statement: " + query.sql());
                }
            }
        }
    }
}
