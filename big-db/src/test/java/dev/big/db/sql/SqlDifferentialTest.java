package dev.big.db.sql;

import static org.junit.jupiter.api.Assertions.fail;

import dev.big.db.Db;
import dev.big.db.Snapshot;
import dev.big.db.Transaction;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The SQL subset against DuckDB: random tables loaded into big and into an in-process DuckDB,
 * random statements from the whole subset run on both, results compared (in order when the ORDER
 * BY decides every tie, as multisets otherwise; doubles within 1e-9 relative). Every 16th
 * statement is also run under EXPLAIN, which must not fail, compiled from its own text rather
 * than from its template, and read through a streaming {@link SqlCursor}, which must answer the same. Between the reads of the random run come
 * writes ({@link RandomWrites}: INSERT, UPDATE, DELETE), alone or a few in one transaction with a
 * read inside it, committed or rolled back: each must answer the same count on both, and every
 * later read sees their effect.
 *
 * <p>Default: {@value #DEFAULT_QUERIES} statements. Longer: {@code -Dbig.sql.queries=50000}.
 * Replay: {@code -Dbig.seed=<seed printed on failure>}. Seeds that once failed are replayed by
 * {@link #savedSeedsStillPass()} from {@code src/test/resources/sql/regression-seeds.txt}.
 */
@Tag("slow")
class SqlDifferentialTest {

    static final int DEFAULT_QUERIES = 2400;
    private static final int QUERIES_PER_TABLE = 120;
    private static final int EXPLAIN_EVERY = 16;
    private static final int SAVED_SEED_QUERIES = 480;
    /** About one statement in this many is a write step (random run only: saved seeds replay their reads unchanged). */
    private static final int WRITE_EVERY = 6;

    @Test
    void randomStatementsMatchDuckDb() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        run(seed, Integer.getInteger("big.sql.queries", DEFAULT_QUERIES), true);
    }

    @Test
    void savedSeedsStillPass() throws IOException {
        for (long seed : savedSeeds()) {
            run(seed, SAVED_SEED_QUERIES, false);
        }
    }

    static List<Long> savedSeeds() throws IOException {
        List<Long> seeds = new ArrayList<>();
        try (InputStream in = SqlDifferentialTest.class.getResourceAsStream("/sql/regression-seeds.txt")) {
            if (in == null) {
                throw new IllegalStateException("missing test resource sql/regression-seeds.txt");
            }
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String value = line.replaceAll("#.*", "").strip();
                if (!value.isEmpty()) {
                    seeds.add(Long.parseLong(value));
                }
            }
        }
        return seeds;
    }

    /** {@code queries} statements over tables made from {@code seed}; any failure names the seed. */
    static void run(long seed, int queries) {
        run(seed, queries, false);
    }

    /** As {@link #run(long, int)}, with write steps between the reads when {@code writes}. */
    static void run(long seed, int queries, boolean writes) {
        try {
            runUnlabelled(seed, queries, writes);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("failed with seed " + seed + " (rerun with -Dbig.seed=" + seed + "): "
                    + e.getMessage(), e);
        }
    }

    private static void runUnlabelled(long seed, int queries, boolean writes) {
        Random random = new Random(seed);
        // Writes draw from their own generator, so the reads of a seed are the same with and without them.
        Random writeRandom = new Random(seed * 31 + 7);
        int done = 0;
        while (done < queries) {
            RandomTable table = RandomTable.generate(random, "t");
            try (Db db = Db.create(SqlTestFiles.newFile("sql-diff"));
                 DuckDbMirror duck = new DuckDbMirror()) {
                try {
                    table.load(db);
                    duck.load(table);
                } catch (RuntimeException e) {
                    throw new AssertionError("loading failed, " + table, e);
                }
                RandomQueries generator = new RandomQueries(random, table);
                RandomWrites writer = new RandomWrites(writeRandom, table);
                RandomQueries readsInTransactions = new RandomQueries(writeRandom, table);
                int count = Math.min(QUERIES_PER_TABLE, queries - done);
                for (int q = 0; q < count; q++, done++) {
                    if (writes && writeRandom.nextInt(WRITE_EVERY) == 0) {
                        writeStep(db, duck, writer, readsInTransactions, writeRandom, table);
                    }
                    RandomQueries.Generated query = generator.next();
                    check(db, duck, query, done % EXPLAIN_EVERY == 0, () -> table + "\n  statement: " + query.sql());
                }
            }
        }
    }

    /**
     * One write alone (auto-commit), or two to four writes and a read in one transaction of each
     * engine, then committed or (one time in three) rolled back.
     */
    private static void writeStep(Db db, DuckDbMirror duck, RandomWrites writer, RandomQueries reads, Random random,
                                  RandomTable table) {
        if (random.nextInt(3) != 0) {
            String sql = writer.next();
            compareCounts(sql, duck.update(sql), () -> db.sql(sql), table);
            return;
        }
        boolean commit = random.nextInt(3) != 0;
        duck.run("BEGIN TRANSACTION");
        try (Transaction tx = db.begin()) {
            int steps = 2 + random.nextInt(3);
            for (int i = 0; i < steps; i++) {
                String sql = writer.next();
                compareCounts(sql, duck.update(sql), () -> tx.sql(sql), table);
            }
            RandomQueries.Generated read = reads.next();
            List<List<Object>> expected = duck.query(read.sql());
            List<List<Object>> actual = ResultRows.normalize(tx.sql(read.sql()));
            if (!read.ordered()) {
                expected = ResultRows.sorted(expected);
                actual = ResultRows.sorted(actual);
            }
            String difference = ResultRows.difference(expected, actual);
            if (difference != null) {
                fail("inside a transaction: " + difference + "\n" + table + "\n  statement: " + read.sql());
            }
            if (commit) {
                tx.commit();
            }
        } finally {
            duck.run(commit ? "COMMIT" : "ROLLBACK");
        }
    }

    private static void compareCounts(String sql, long expected, Supplier<SqlResult> big, RandomTable table) {
        Object actual;
        try {
            actual = big.get().scalar();
        } catch (RuntimeException e) {
            throw new AssertionError("big failed: " + e + "\n" + table + "\n  statement: " + sql, e);
        }
        if (!Long.valueOf(expected).equals(actual)) {
            fail("DuckDB wrote " + expected + " records, big " + actual + "\n" + table + "\n  statement: " + sql);
        }
    }

    /**
     * One statement on both engines, compared; with {@code explain} also run under EXPLAIN, compiled
     * from its own text and read through a cursor ({@link JoinDifferentialTest} checks its joins so too).
     */
    static void check(Db db, DuckDbMirror duck, RandomQueries.Generated query, boolean explain,
                              Supplier<String> where) {
        List<List<Object>> expected;
        try {
            expected = duck.query(query.sql());
        } catch (DuckDbMirror.Refused e) {
            fail("DuckDB refused a generated statement (a generator bug): " + e.getMessage() + "\n" + where.get());
            return;
        }
        List<List<Object>> actual;
        try {
            SqlResult answer = db.sql(query.sql());
            String mistyped = DeclaredTypes.mismatch(answer);
            if (mistyped != null) {
                fail("a value is not of its column's declared type: " + mistyped + "\n" + where.get());
            }
            actual = ResultRows.normalize(answer);
            if (explain) {
                db.sql("EXPLAIN " + query.sql());
                try (Snapshot snapshot = db.read()) {
                    String difference = ResultRows.difference(actual,
                            ResultRows.normalize(SqlEngine.executeWithoutTemplate(snapshot, query.sql())));
                    if (difference != null) {
                        fail("compiled from its text, the statement answers differently than from its template: "
                                + difference + "\n" + where.get());
                    }
                    String streamed = ResultRows.difference(actual,
                            ResultRows.normalize(SqlEngine.open(snapshot, query.sql(), List.of()).collect()));
                    if (streamed != null) {
                        fail("read through a cursor, the statement answers differently: " + streamed + "\n" + where.get());
                    }
                }
            }
        } catch (RuntimeException e) {
            throw new AssertionError("big failed: " + e + "\n" + where.get(), e);
        }
        if (!query.ordered()) {
            expected = ResultRows.sorted(expected);
            actual = ResultRows.sorted(actual);
        }
        String difference = ResultRows.difference(expected, actual);
        if (difference != null) {
            fail(difference + "\n" + where.get());
        }
    }
}
