package dev.big.db.query;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Filter;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Top-N listings and quantiles from the bit planes against sorting a plain list of the same
 * values: tables with many ties (values from a handful), nulls, negative values, a declared base,
 * sizes on both sides of the point-read limit and of a container column, ids in one or three
 * shards; every limit, direction, NULLS placement and tie order, and quantile_disc at fractions
 * that land on ties and on their edges. The seed is in the failure message.
 */
class TopNAndQuantileTest {

    private static final double[] FRACTIONS = {0, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 1};

    @ParameterizedTest
    @CsvSource({"1, 0, 11", "2, 1, 11", "3, 60, 3", "4, 65, 1000", "5, 2000, 5", "6, 70000, 7", "7, 20000, 1000000", "8, 5000, 2"})
    void matchSorting(long seed, int size, int distinct) throws IOException {
        Random random = new Random(seed);
        Path dir = Files.createDirectories(Path.of("target", "test-files"));
        Path file = Files.createTempDirectory(dir, "topn-").resolve("t.big");
        boolean based = random.nextBoolean();
        boolean sparse = seed % 2 == 0;
        Map<Long, Long> values = new HashMap<>();
        List<Row> records = new ArrayList<>();
        List<Long> ids = new ArrayList<>();
        long id = 0;
        for (int i = 0; i < size; i++) {
            id += sparse ? 1 + random.nextInt(40) : 1;
            Long value = random.nextInt(5) == 0 ? null : (long) random.nextInt(distinct) - distinct / 3;
            Map<String, Object> row = new HashMap<>();
            if (value != null) {
                values.put(id, value);
                row.put("v", value);
                row.put("ts", Instant.ofEpochMilli(1_700_000_000_000L + value * 1000));
            }
            records.add(Row.of(row).withId(id));
            ids.add(id);
        }
        try (Db db = Db.create(file)) {
            db.createTable(TableDef.of("t", based ? FieldDef.intField("v", -distinct, distinct) : FieldDef.intField("v"),
                    FieldDef.timestamp("ts")));
            db.bulkLoad("t", records);
            try (Snapshot snapshot = db.read()) {
                String context = "seed " + seed + ", size " + size + ", distinct " + distinct;
                topN(snapshot, ids, values, context);
                quantiles(snapshot, values, context);
            }
        }
    }

    private static void topN(Snapshot snapshot, List<Long> ids, Map<Long, Long> values, String context) {
        TopN topN = new TopN(EngineAccess.of(snapshot), "t");
        // All of a large table in order is a sort of everything: checked on the smaller tables.
        int[] limits = ids.size() > 5000 ? new int[] {0, 1, 10, 65, 1000} : new int[] {0, 1, 2, 10, 64, 65, 1000, -1};
        for (int form = 0; form < 8; form++) {
            boolean descending = (form & 1) != 0;
            boolean nullsFirst = (form & 2) != 0;
            boolean idsDescending = (form & 4) != 0;
            Comparator<Long> valueOrder = descending ? Comparator.<Long>reverseOrder() : Comparator.<Long>naturalOrder();
            Comparator<Long> byValue = Comparator.comparing(values::get,
                    nullsFirst ? Comparator.nullsFirst(valueOrder) : Comparator.nullsLast(valueOrder));
            List<Long> sorted = new ArrayList<>(ids);
            sorted.sort(byValue.thenComparing(idsDescending ? Comparator.<Long>reverseOrder() : Comparator.<Long>naturalOrder()));
            for (int limit : limits) {
                long[] expected = (limit < 0 ? sorted : sorted.subList(0, Math.min(limit, sorted.size()))).stream()
                        .mapToLong(Long::longValue).toArray();
                for (String field : new String[] {"v", "ts"}) {
                    long[] actual = topN.ids(field, Filter.all(), descending, nullsFirst, idsDescending, limit);
                    assertArrayEquals(expected, actual, context + ": ORDER BY " + field + (descending ? " DESC" : "")
                            + (nullsFirst ? " NULLS FIRST" : "") + ", id" + (idsDescending ? " DESC" : "") + " LIMIT " + limit);
                }
            }
        }
    }

    private static void quantiles(Snapshot snapshot, Map<Long, Long> values, String context) {
        List<Long> sorted = new ArrayList<>(values.values());
        sorted.sort(null);
        List<Measure> measures = new ArrayList<>();
        List<Object> expected = new ArrayList<>();
        int n = sorted.size();
        for (double q : FRACTIONS) {
            measures.add(new Measure.Quantile("v", q, false, Filter.all()));
            measures.add(new Measure.Quantile("ts", q, false, Filter.all()));
            // DuckDB's discrete quantile: index max(1, n - floor(n - q * n)) - 1 of the sorted values.
            Long value = n == 0 ? null : sorted.get((int) Math.max(1, (long) (n - Math.floor(n - q * n))) - 1);
            expected.add(value);
            expected.add(value == null ? null : Instant.ofEpochMilli(1_700_000_000_000L + value * 1000));
        }
        measures.add(new Measure.Quantile("v", 0.5, true, Filter.all()));
        expected.add(n == 0 ? null : n % 2 == 1 ? (double) sorted.get(n / 2)
                : sorted.get(n / 2 - 1) + ((double) sorted.get(n / 2) - sorted.get(n / 2 - 1)) * 0.5);
        List<Grouping.Group> groups = new Grouping(EngineAccess.of(snapshot), "t").run(List.of(), Filter.all(), measures);
        assertEquals(1, groups.size(), context);
        assertEquals(expected, groups.getFirst().values(), context + ": quantiles at " + java.util.Arrays.toString(FRACTIONS)
                + " of v and ts, then median(v)");
    }
}
