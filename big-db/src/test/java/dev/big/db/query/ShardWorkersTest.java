package dev.big.db.query;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Filter;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import dev.big.db.Transaction;
import dev.big.engine.coords.Coords;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shard workers on a table of eight shards: every shard is run once and answered in shard
 * order, on more than one thread; a worker's failure reaches the caller only after no shard is
 * running any more (so nothing reads after the caller closes its transaction), as does an
 * interrupt, which is kept; a view of a write transaction is read on the calling thread alone; and
 * grouped answers merged from every shard's worker are those of the records themselves.
 */
class ShardWorkersTest {

    private static final int SHARDS = 8;
    private static final List<Model> MODEL = new ArrayList<>();
    private static Db db;

    private record Model(String k, Long v, long ts) {}

    @BeforeAll
    static void load() throws IOException {
        Path dir = Files.createDirectories(Path.of("target", "test-files"));
        db = Db.create(Files.createTempDirectory(dir, "shard-workers-").resolve("t.big"));
        db.createTable(TableDef.of("t", FieldDef.keyed("k"), FieldDef.intField("v"), FieldDef.timestamp("ts")));
        Random random = new Random(7);
        List<Row> records = new ArrayList<>();
        for (int shard = 0; shard < SHARDS; shard++) {
            for (int i = 0; i < 3_000; i++) {
                long id = shard * Coords.SHARD_WIDTH + i * 60L + random.nextInt(60);
                String k = "k" + random.nextInt(30);
                long ts = 1_700_000_000_000L + random.nextInt(400_000_000);
                Long v = random.nextInt(10) > 0 ? (long) random.nextInt(2_000) - 500 : null;
                Row.Builder row = Row.builder().set("k", k).set("ts", java.time.Instant.ofEpochMilli(ts));
                if (v != null) {
                    row.set("v", v);
                }
                records.add(row.build().withId(id));
                MODEL.add(new Model(k, v, ts));
            }
        }
        db.bulkLoad("t", records);
    }

    @AfterAll
    static void close() {
        db.close();
    }

    @Test
    void everyShardOnceInShardOrderOnSeveralThreads() {
        try (Snapshot snapshot = db.read()) {
            QueryEngine engine = EngineAccess.of(snapshot);
            List<long[]> shards = engine.shards(engine.catalog().table("t"));
            assertEquals(SHARDS, shards.size());
            Set<String> threads = ConcurrentHashMap.newKeySet();
            AtomicInteger runs = new AtomicInteger();
            List<Long> results = ShardWorkers.map(engine, shards, 4, worker -> shard -> {
                threads.add(Thread.currentThread().getName());
                runs.incrementAndGet();
                sleep(20); // long enough that the helpers, started after the caller, get shards too
                return shard[0];
            });
            assertEquals(SHARDS, runs.get());
            assertEquals(shards.stream().map(s -> s[0]).toList(), results);
            assertTrue(threads.size() > 1, "shards ran on " + threads);
            assertTrue(threads.contains(Thread.currentThread().getName()), "the caller works too: " + threads);
        }
    }

    @Test
    void aFailureReachesTheCallerOnlyWhenNoShardRunsAnyMore() {
        try (Snapshot snapshot = db.read()) {
            QueryEngine engine = EngineAccess.of(snapshot);
            List<long[]> shards = engine.shards(engine.catalog().table("t"));
            AtomicInteger running = new AtomicInteger();
            IllegalStateException failure = new IllegalStateException("shard 3 is broken");
            IllegalStateException thrown = assertThrows(IllegalStateException.class, () ->
                    ShardWorkers.map(engine, shards, 4, worker -> shard -> {
                        running.incrementAndGet();
                        try {
                            if (shard[0] == 3) {
                                throw failure;
                            }
                            sleep(50);
                            return shard[0];
                        } finally {
                            running.decrementAndGet();
                        }
                    }));
            assertSame(failure, thrown);
            assertEquals(0, running.get(), "a shard was still being read when the failure was thrown");
        }
    }

    @Test
    void anInterruptedCallerStillWaitsForEveryShardAndKeepsTheInterrupt() {
        try (Snapshot snapshot = db.read()) {
            QueryEngine engine = EngineAccess.of(snapshot);
            List<long[]> shards = engine.shards(engine.catalog().table("t"));
            AtomicInteger running = new AtomicInteger();
            Thread caller = Thread.currentThread();
            List<Long> results = ShardWorkers.map(engine, shards, 4, worker -> shard -> {
                running.incrementAndGet();
                caller.interrupt();
                sleep(20);
                running.decrementAndGet();
                return shard[0];
            });
            assertTrue(Thread.interrupted(), "the interrupt was lost");
            assertEquals(0, running.get());
            assertEquals(SHARDS, results.size());
        }
    }

    @Test
    void aViewOfAWriteTransactionIsReadOnTheCallingThreadAlone() {
        try (Transaction txn = db.begin(); Snapshot view = txn.read()) {
            QueryEngine engine = EngineAccess.of(view);
            List<long[]> shards = engine.shards(engine.catalog().table("t"));
            Set<Thread> threads = ConcurrentHashMap.newKeySet();
            ShardWorkers.map(engine, shards, 4, worker -> shard -> threads.add(Thread.currentThread()));
            assertEquals(Set.of(Thread.currentThread()), threads);
            txn.rollback();
        }
    }

    @Test
    void groupedAnswersMatchTheRecordsAcrossEveryShard() {
        // What the answers must be, worked out from the records themselves.
        Map<List<Object>, List<Long>> valuesByGroup = new java.util.HashMap<>();
        Map<String, long[]> sumByKey = new java.util.TreeMap<>();
        for (Model record : MODEL) {
            if (record.v() != null && record.v() >= 0) {
                LocalDate day = LocalDate.ofEpochDay(Math.floorDiv(record.ts(), Bucketing.DAY_MILLIS));
                valuesByGroup.computeIfAbsent(List.of(record.k(), day), g -> new ArrayList<>()).add(record.v());
                long[] countAndSum = sumByKey.computeIfAbsent(record.k(), k -> new long[2]);
                countAndSum[0]++;
                countAndSum[1] += record.v();
            }
        }
        Map<List<Object>, List<Object>> expected = new java.util.HashMap<>();
        valuesByGroup.forEach((key, values) -> {
            List<Long> sorted = values.stream().sorted().toList();
            long n = sorted.size();
            long medianIndex = Math.max(1L, (long) (n - Math.floor(n - 0.5 * n))) - 1;
            expected.put(key, List.of(n,
                    new dev.big.db.Aggregate(n, java.math.BigInteger.valueOf(sorted.stream().mapToLong(Long::longValue).sum()),
                            java.util.OptionalLong.of(sorted.getFirst()), java.util.OptionalLong.of(sorted.getLast())),
                    sorted.stream().distinct().count(), sorted.get((int) medianIndex)));
        });
        try (Snapshot snapshot = db.read()) {
            QueryEngine engine = EngineAccess.of(snapshot);
            List<GroupKey> keys = List.of(new GroupKey.Values("k"),
                    new GroupKey.Buckets("ts", new Bucketing.FixedWidth(Bucketing.DAY_MILLIS, 0, true)));
            List<Measure> measures = List.of(new Measure.CountRecords(Filter.all()), new Measure.Stats("v", Filter.all()),
                    new Measure.CountDistinct("v", Filter.all()), new Measure.Quantile("v", 0.5, false, Filter.all()));
            Map<List<Object>, List<Object>> actual = new java.util.HashMap<>();
            for (Grouping.Group group : new Grouping(engine, "t").run(keys, Filter.ge("v", 0), measures)) {
                actual.put(group.key(), group.values());
            }
            assertTrue(expected.size() > 100, "groups: " + expected.size());
            assertEquals(expected, actual);

            Map<String, long[]> sums = new java.util.TreeMap<>();
            snapshot.groupSum("t", "k", "v", Filter.ge("v", 0)).forEach(g ->
                    sums.put(g.key(), new long[] {g.sum().count(), g.sum().sum().longValueExact()}));
            assertEquals(sumByKey.keySet(), sums.keySet());
            sumByKey.forEach((key, countAndSum) -> assertArrayEquals(countAndSum, sums.get(key), key));
        }
    }

    private static void sleep(long millis) {
        try {
            TimeUnit.MILLISECONDS.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
