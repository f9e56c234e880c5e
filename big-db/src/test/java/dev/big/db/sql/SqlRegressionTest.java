package dev.big.db.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The smallest cases of bugs met while building the SQL layer, each checked against DuckDB on
 * the same rows. The differential test found them at random; these keep them found.
 */
class SqlRegressionTest {

    /** Records 0..19: a = id % 3, x = id % 5, z = id % 2 (a bool), k = "k" + id % 4. */
    private static RandomTable table() {
        RandomTable table = RandomTable.fixed("t", List.of(FieldDef.intField("a"), FieldDef.intField("x"), FieldDef.bool("z"),
                FieldDef.keyed("k")));
        for (long id = 0; id < 20; id++) {
            table.rows.put(id, Map.of("a", id % 3, "x", id % 5, "z", id % 2 == 0, "k", "k" + id % 4));
        }
        return table;
    }

    private static void sameAsDuckDb(RandomTable table, String... statements) {
        try (Db db = Db.create(SqlTestFiles.newFile("sql-regression")); DuckDbMirror duck = new DuckDbMirror()) {
            table.load(db);
            duck.load(table);
            for (String sql : statements) {
                assertEquals(duck.query(sql), ResultRows.normalize(db.sql(sql)), sql);
            }
        }
    }

    /** Records 0..9 with d a decimal(2) of (id - 4) * 1.25 (0.5 steps would do; 1.25 keeps both digits busy), k = "k" + id % 3. */
    private static RandomTable decimals() {
        RandomTable table = RandomTable.fixed("t", List.of(FieldDef.decimal("d", 2), FieldDef.keyed("k")));
        for (long id = 0; id < 10; id++) {
            table.rows.put(id, Map.of("d", BigDecimal.valueOf((id - 4) * 125, 2), "k", "k" + id % 3));
        }
        return table;
    }

    /** Sorting aggregate rows by a decimal result threw "no order for BigDecimal" (seed 11 once). */
    @Test
    void aggregateRowsSortByDecimalResults() {
        sameAsDuckDb(decimals(),
                "SELECT k, sum(d) AS s FROM t GROUP BY k ORDER BY s DESC, k",
                "SELECT k, min(d), max(d) FROM t GROUP BY k ORDER BY 2, 3 DESC NULLS FIRST, k",
                "SELECT k, avg(d) AS a FROM t GROUP BY k ORDER BY a, k");
    }

    /** Constants between two storable decimals compare exactly, as DuckDB compares DECIMALs. */
    @Test
    void decimalConstantsFinerThanTheScaleCompareExactly() {
        sameAsDuckDb(decimals(),
                "SELECT count(*) FROM t WHERE d = 1.255",
                "SELECT count(*) FROM t WHERE d <> 1.255",
                "SELECT count(*) FROM t WHERE d < 1.251",
                "SELECT count(*) FROM t WHERE d <= -1.249",
                "SELECT count(*) FROM t WHERE d > -1.2500001",
                "SELECT count(*) FROM t WHERE d >= 2.4999",
                "SELECT count(*) FROM t WHERE d BETWEEN -2.501 AND 1.2501",
                "SELECT count(*) FROM t WHERE d IN (1.25, 1.255, -5, 0.0)",
                "SELECT count(*) FROM t WHERE d NOT BETWEEN 0.001 AND 0.002",
                "SELECT id, d FROM t WHERE d > 123456789012345678.5 OR d < -99999999999999999999.99 ORDER BY id",
                "SELECT sum(d), avg(d), min(d), max(d) FROM t WHERE d > 0");
    }

    /** JSqlParser 5.3 read everything after IN (...) as part of the list (upstream issue 2244). */
    @Test
    void inListFollowedByAndOrKeepsSqlPrecedence() {
        sameAsDuckDb(table(),
                "SELECT count(*) FROM t WHERE a = 1 AND x IN (1, 2) OR z",
                "SELECT count(*) FROM t WHERE x IN (1, 2) AND a = 1",
                "SELECT count(*) FROM t WHERE NOT x IN (1, 2) AND z",
                "SELECT count(*) FROM t WHERE x NOT IN (0) OR a = 2 AND k IN ('k1', 'k2') OR NOT z",
                "SELECT id FROM t WHERE k IN ('k1') AND x IN (1, 3) ORDER BY id");
    }

    /**
     * Snapshot.ids with a negative ascending cursor returns nothing (it reads the cursor's shard
     * unsigned), so {@code id > -1} must stay a filter, not become the cursor.
     */
    @Test
    void negativeAscendingCursorStartsAtTheFirstRecord() {
        sameAsDuckDb(table(),
                "SELECT id FROM t WHERE id > -1 ORDER BY id LIMIT 3",
                "SELECT id FROM t WHERE id >= -5 AND z ORDER BY id LIMIT 3",
                "SELECT id FROM t WHERE id >= 0 ORDER BY id LIMIT 2",
                "SELECT id FROM t WHERE id < 0 ORDER BY id DESC LIMIT 3");
    }

    /** With JSqlParser's "complex parsing" (its default) 10 nested parentheses took seconds and 25 minutes. */
    @Test
    void nestedParenthesesParseInLinearTime() {
        String condition = "(".repeat(SqlParser.MAX_NESTING_DEPTH - 1) + "a = 1" + ")".repeat(SqlParser.MAX_NESTING_DEPTH - 1);
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> SqlParser.parse("SELECT count(*) FROM t WHERE " + condition));
    }

    /**
     * A chain of NOTs within the connective limit overflowed the stack (the bad-input battery,
     * seed 32607690484731: 953 NOTs): compiling, binding and evaluating recursed once per NOT.
     * Run on a thread with a small stack so that recursion shows here too.
     */
    @Test
    void longChainsOfNotRunWithoutRecursion() throws Exception {
        try (Db db = Db.create(SqlTestFiles.newFile("sql-regression"))) {
            table().load(db);
            for (int n : new int[] {PredicateCompiler.MAX_CONNECTIVES - 1, PredicateCompiler.MAX_CONNECTIVES}) {
                String sql = "SELECT count(*) FROM t WHERE " + "NOT ".repeat(n) + "x = 1";
                long[] count = new long[1];
                Throwable[] failure = new Throwable[1];
                Thread thread = new Thread(null, () -> {
                    try {
                        count[0] = ((Number) db.sql(sql).scalar()).longValue();
                    } catch (Throwable e) {
                        failure[0] = e;
                    }
                }, "small-stack", 256 * 1024);
                thread.start();
                thread.join();
                if (failure[0] != null) {
                    throw new AssertionError(n + " NOTs failed", failure[0]);
                }
                assertEquals(n % 2 == 0 ? 4 : 16, count[0], n + " NOTs over x = 1 (true for 4 of 20 records)");
            }
        }
    }

    /** The LIMIT of a long listing is not the size of a buffer: ids() allocates its limit. */
    @Test
    void hugeLimitsDoNotAllocateTheirSize() {
        List<String> statements = new ArrayList<>();
        statements.add("SELECT id FROM t ORDER BY id LIMIT 2000000000");
        statements.add("SELECT id FROM t WHERE id < 10 ORDER BY id DESC LIMIT 9223372036854775807");
        sameAsDuckDb(table(), statements.toArray(String[]::new));
    }

    /** Records 0..19 as {@link #table()}, and 20..22 with some fields missing (NULL keys and values). */
    private static RandomTable tableWithNulls() {
        RandomTable table = table();
        table.rows.put(20L, Map.of("a", 1L));
        table.rows.put(21L, Map.of("k", "k1"));
        table.rows.put(22L, Map.of());
        return table;
    }

    /**
     * Found while adding the grouped forms: a NULL key of a multi-key group (the key list was
     * copied with List.copyOf, which refuses nulls); FILTER with OR (an empty PARTITION BY list
     * was taken for a window); ordering by a DECIMAL result; -9223372036854775808 in HAVING (read
     * as the negation of a literal past 64 bits); {@code //} (JSqlParser's lexer reads it as a
     * comment); ORDER BY 2 of a template (a parameter was taken for a constant result column).
     */
    @Test
    void groupedFormsMetWhileBuildingThem() {
        sameAsDuckDb(tableWithNulls(),
                "SELECT k, a, count(*) FROM t GROUP BY k, a ORDER BY k NULLS FIRST, a",
                "SELECT count(*) FILTER (WHERE a = 1 OR x = 2), count(*) FROM t",
                "SELECT k, count(*) + 0.5 AS h FROM t GROUP BY k ORDER BY h, k",
                "SELECT k, count(*) FROM t GROUP BY k HAVING min(a) <> -9223372036854775808 ORDER BY k",
                "SELECT x // 2 AS b, count(*) FROM t GROUP BY b ORDER BY b",
                "SELECT k, count(*) FROM t GROUP BY k ORDER BY 2 DESC, 1",
                "SELECT id, a FROM t ORDER BY a DESC NULLS FIRST, id LIMIT 4",
                "SELECT count(*) FROM t WHERE a < x",
                "SELECT median(x), quantile_disc(a, 0.5) FROM t");
    }
}
