package dev.big.reliability;

import dev.big.db.Db;
import dev.big.db.Filter;
import dev.big.db.Order;
import dev.big.db.Snapshot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The reads the bit-rot battery asks of a damaged file: typed queries and SQL over every field
 * kind and both tables, counts, aggregates, group-bys, listings and point reads in many shards.
 * Each answer is rendered as text so an answer can be compared with the undamaged file's.
 */
final class RotQueries {

    record Query(String name, Function<Db, String> run) {}

    static List<Query> all() {
        List<Query> queries = new ArrayList<>();
        String events = EventRecords.TABLE;
        typed(queries, "count(events)", s -> s.count(events));
        typed(queries, "count(notes)", s -> s.count(RotFixture.NOTES));
        typed(queries, "count(flag)", s -> s.count(events, Filter.eq("flag", true)));
        typed(queries, "count(kind = k5)", s -> s.count(events, Filter.eq("kind", "k5")));
        typed(queries, "count(value >= 0)", s -> s.count(events, Filter.ge("value", 0L)));
        typed(queries, "count(value between)", s -> s.count(events, Filter.between("value", -1000L, 1000L)));
        typed(queries, "count(at >= ...)", s -> s.count(events, Filter.ge("at", EventRecords.at(50_000))));
        typed(queries, "count(tags c)", s -> s.count(events, Filter.contains("tags", "c")));
        typed(queries, "count(kind is null)", s -> s.count(events, Filter.isNull("kind")));
        typed(queries, "aggregate(value)", s -> s.aggregate(events, "value", Filter.all()));
        typed(queries, "aggregate(value | k3)", s -> s.aggregate(events, "value", Filter.eq("kind", "k3")));
        typed(queries, "aggregate(at | flag)", s -> s.aggregate(events, "at", Filter.eq("flag", false)));
        typed(queries, "groupCount(kind)", s -> s.groupCount(events, "kind", Filter.all(), 5));
        typed(queries, "groupCount(label)", s -> s.groupCount(RotFixture.NOTES, "label", Filter.all(), 10));
        typed(queries, "countDistinct(label)", s -> s.countDistinct(RotFixture.NOTES, "label", Filter.all()));
        typed(queries, "ids desc", s -> Arrays.toString(s.ids(events, Filter.all(), Order.DESC, 10, null)));
        typed(queries, "ids value < 0", s -> Arrays.toString(s.ids(events, Filter.lt("value", 0L), Order.ASC, 10, null)));
        for (long id : new long[] {0, 1_234, 40_000, 65_535, 65_536, 69_999, 5L << 20, (33L << 20) + 7}) {
            typed(queries, "get(events, " + id + ")", s -> s.get(events, id));
        }
        for (long id : new long[] {17, 2_999, 3_000}) {
            typed(queries, "get(notes, " + id + ")", s -> s.get(RotFixture.NOTES, id));
        }
        typed(queries, "label of note 1234", s -> s.value(RotFixture.NOTES, 1_234, "label"));
        for (int shard : new int[] {0, 5, 17, 42, 60}) {
            long from = (long) shard << 20;
            sql(queries, "SELECT count(*), sum(value) FROM events WHERE id BETWEEN " + from + " AND " + (from + (1 << 20) - 1));
        }
        sql(queries, "SELECT kind, count(*) AS n FROM events GROUP BY kind ORDER BY n DESC, kind LIMIT 3");
        sql(queries, "SELECT sum(value), min(at), max(at) FROM events WHERE flag");
        sql(queries, "SELECT * FROM events WHERE id = 777");
        sql(queries, "SELECT id, value FROM events WHERE value > 400000 ORDER BY id DESC LIMIT 5");
        sql(queries, "SELECT count(*) FROM notes WHERE label IN ('label-1', 'label-2999', 'nope')");
        sql(queries, "SELECT count(DISTINCT label) FROM notes");
        sql(queries, "SELECT avg(n) FROM notes WHERE n BETWEEN 10 AND 2000");
        sql(queries, "SELECT count(*) FROM events WHERE list_contains(tags, 'b') AND NOT flag");
        sql(queries, "SELECT * FROM notes ORDER BY id DESC LIMIT 3");
        for (int t = 0; t < RotFixture.EXTRA_TABLES; t += 13) {
            sql(queries, "SELECT count(*), max(a" + t + ") FROM extra_table_with_a_long_name_" + t);
        }
        return queries;
    }

    private static void typed(List<Query> queries, String name, Function<Snapshot, Object> query) {
        queries.add(new Query(name, db -> {
            try (Snapshot s = db.read()) {
                return String.valueOf(query.apply(s));
            }
        }));
    }

    private static void sql(List<Query> queries, String statement) {
        queries.add(new Query(statement, db -> db.sql(statement).toString()));
    }

    private RotQueries() {}
}
