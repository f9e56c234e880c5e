package dev.big.reliability;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Filter;
import dev.big.db.GroupCount;
import dev.big.db.Ingester;
import dev.big.db.Order;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import dev.big.db.sql.SqlEngine;
import dev.big.engine.Store;
import dev.big.pager.MmapPager;
import dev.big.pager.OpenMode;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Concurrency under load: 2 to 8 reader threads count, sum, group and read points while one writer
 * ingests continuously for a bounded time. Commit {@code c} appends {@value #BATCH} records holding
 * {@code v = 1, b = c} and, once {@value #WINDOW} batches exist, deletes the oldest batch, so the
 * table is always whole batches {@code lo..hi} and any one commit satisfies: count = sum(v) =
 * {@value #BATCH} x (hi - lo + 1), sum(b) = {@value #BATCH} x (lo + ... + hi), record {@code id}
 * exists exactly when its batch {@code id / BATCH} is in the window, and holds {@code b = id / BATCH}.
 * A read mixing two commits breaks one of these.
 *
 * <p>Besides: a reader is held inside a page read for {@value #STALL_MILLIS} ms now and then (of a
 * ballast table the writer never touches, whose planes are pages for certain), and the writer must
 * commit meanwhile (a reader never blocks the writer); no reader ever throws; and
 * the file stops growing once deletes balance inserts: under readers it may step up by what a held
 * snapshot keeps from reuse (reported, not judged); once the readers stop and the writer goes on
 * alone, it must not grow (but for a few pages).
 */
public final class LoadBattery implements Battery {

    /** What the battery checks while the writer ingests under readers, and once it is alone. */
    public enum Check implements BatteryCheck {
        /** Every snapshot a reader reads is one commit of the workload: its counts, sums and point reads agree. */
        EVERY_READ_SEES_ONE_COMMIT,
        /** No reader ever throws. */
        NO_READER_EVER_FAILS,
        /** The writer never throws. */
        THE_WRITER_NEVER_FAILS,
        /** While a reader is held inside a page read, the writer commits. */
        A_STALLED_READER_NEVER_BLOCKS_THE_WRITER,
        /** The writer commits at least a window of batches under readers, and three windows alone. */
        THE_WRITER_COMMITS_UNDER_READERS_AND_ALONE,
        /** With the readers gone and deletes balancing inserts, the file stops growing. */
        THE_FILE_STOPS_GROWING_WITH_THE_WRITER_ALONE,
        /** {@code check()} after the run finds nothing. */
        CHECK_IS_CLEAN_AFTER_THE_RUN
    }

    /** A broken promise a reader thread saw, made a finding once the readers stopped. */
    private record Broken(Check check, String what) {}

    static final int BATCH = 250;
    static final int WINDOW = 20;
    static final long STALL_MILLIS = 400;
    private static final String BALLAST = "ballast";
    private static final int BALLAST_RECORDS = 20_000;
    private static final int BALLAST_BITS = 20;

    @Override
    public String name() {
        return "concurrency";
    }

    @Override
    public void run(long seed, Scale scale, Tally tally) throws Exception {
        Path dir = WorkDirs.newDir("load");
        long findingsBefore = tally.lost() + tally.wrong();
        SplittableRandom random = new SplittableRandom(seed);
        int readers = 2 + random.nextInt(7);
        StallingPager pager = new StallingPager(MmapPager.open(dir.resolve("load.big"), OpenMode.CREATE_NEW));
        try (Db db = Db.of(Store.create(pager))) {
            // Checkpoints often, so readers read pages (a file whose every commit is still in its
            // write log is read from memory) and checkpoints run among the readers too.
            db.store().setCheckpointThresholds(256 << 10, 4_096);
            db.createTable(TableDef.of("batches", FieldDef.intField("v"), FieldDef.intField("b"), FieldDef.keyed("k")));
            loadBallast(db, random);
            AtomicBoolean stop = new AtomicBoolean();
            AtomicBoolean readersStop = new AtomicBoolean();
            AtomicLong commits = new AtomicLong();
            Writer writer = new Writer(db, stop, commits);
            Thread writerThread = Thread.ofPlatform().name("writer").start(writer);
            // A baseline without readers first, so the latencies under readers can be compared with something.
            Thread.sleep(Math.min(1_000, scale.loadMillis() / 5));
            long baselineCommits = commits.get();
            long baselineMaxMicros = writer.maxCommitMicros.getAndSet(0);
            ConcurrentLinkedQueue<Broken> problems = new ConcurrentLinkedQueue<>();
            List<Thread> threads = new ArrayList<>();
            AtomicLong reads = new AtomicLong();
            AtomicLong wholeSnapshots = new AtomicLong();
            for (int r = 0; r < readers; r++) {
                long readerSeed = random.nextLong();
                threads.add(Thread.ofPlatform().name("reader-" + r).start(() -> read(db, readersStop, readerSeed, reads,
                        wholeSnapshots, problems)));
            }
            int stallTries = 0;
            int stalls = 0;
            int stallsWithoutCommits = 0;
            long deadline = System.currentTimeMillis() + scale.loadMillis();
            while (System.currentTimeMillis() < deadline) {
                Thread.sleep(300 + random.nextInt(500));
                long before = commits.get();
                stallTries++;
                try (Snapshot snapshot = db.read()) {
                    pager.stallNextRead(Thread.currentThread(), STALL_MILLIS);
                    snapshot.count("batches", Filter.eq("k", "k3"));
                    // The batches may all be answered from memory (from the write log, or from
                    // fragments small enough to sit in their roots entries); the ballast's planes
                    // are bitmap pages of their own, so this count reads a page for certain.
                    snapshot.count(BALLAST, Filter.ge("x", 1L << (BALLAST_BITS - 1)));
                }
                long during = commits.get() - before;
                if (!pager.stallHappened(Thread.currentThread())) {
                    continue; // answered from memory: no reader was held, so nothing to judge
                }
                stalls++;
                if (during == 0) {
                    stallsWithoutCommits++;
                }
            }
            readersStop.set(true);
            for (Thread thread : threads) {
                thread.join();
            }
            // The writer goes on alone for a while: with no snapshot pinning freed pages, every
            // page it needs must come from the freelist, so the file must not grow at all.
            int underReaders = writer.pagesAfterEachCommit().length;
            long underReadersMaxMicros = writer.maxCommitMicros.get();
            long tailEnd = commits.get() + 3 * WINDOW;
            long tailDeadline = System.currentTimeMillis() + 60_000;
            while (commits.get() < tailEnd && writer.failure == null && System.currentTimeMillis() < tailDeadline) {
                Thread.sleep(10);
            }
            stop.set(true);
            writerThread.join();
            for (Broken problem : problems) {
                tally.wrong(problem.check(), seed, problem.what());
            }
            tally.held(Check.EVERY_READ_SEES_ONE_COMMIT, wholeSnapshots.get());
            long readersFailed = problems.stream().filter(p -> p.check() == Check.NO_READER_EVER_FAILS).count();
            tally.held(Check.NO_READER_EVER_FAILS, readers - readersFailed);
            if (writer.failure != null) {
                tally.wrong(Check.THE_WRITER_NEVER_FAILS, seed, "the writer failed: " + writer.failure);
            } else {
                tally.held(Check.THE_WRITER_NEVER_FAILS);
            }
            if (stallsWithoutCommits > stalls / 4) {
                tally.wrong(Check.A_STALLED_READER_NEVER_BLOCKS_THE_WRITER, seed, "in " + stallsWithoutCommits + " of " + stalls
                        + " times a reader was held " + STALL_MILLIS + " ms inside a page read, the writer made no commit"
                        + " meanwhile (blocked by the reader?)");
            } else {
                tally.held(Check.A_STALLED_READER_NEVER_BLOCKS_THE_WRITER, stalls);
            }
            long[] all = writer.pagesAfterEachCommit();
            // Under readers, the file may step up: a snapshot held open (a stalled reader holds one
            // for 400 ms) keeps the pages freed after it from reuse, so the file grows by what the
            // writer commits meanwhile, more when commits get faster. That is reported, not judged.
            long[] pages = Arrays.copyOfRange(all, (int) Math.min(baselineCommits, underReaders), underReaders);
            long[] alone = Arrays.copyOfRange(all, underReaders, all.length);
            long last = 0;
            if (pages.length < WINDOW) {
                tally.wrong(Check.THE_WRITER_COMMITS_UNDER_READERS_AND_ALONE, seed, "under readers the writer made only "
                        + pages.length + " commits in " + scale.loadMillis() + " ms");
            } else if (alone.length < 3 * WINDOW) {
                tally.wrong(Check.THE_WRITER_COMMITS_UNDER_READERS_AND_ALONE, seed, "alone, the writer made only " + alone.length
                        + " commits in 60 s");
            } else {
                tally.held(Check.THE_WRITER_COMMITS_UNDER_READERS_AND_ALONE);
                // Alone, after one window of commits to settle, the file must not grow, but for a
                // few pages when a tree deepens; a page lost per commit would show 2 x WINDOW.
                long settled = alone[WINDOW - 1];
                last = Arrays.stream(alone, WINDOW, alone.length).max().orElse(0);
                if (last > settled + WINDOW / 2) {
                    tally.wrong(Check.THE_FILE_STOPS_GROWING_WITH_THE_WRITER_ALONE, seed, "with no reader left, the file still"
                            + " grew from " + settled + " to " + last + " pages over " + (alone.length - WINDOW)
                            + " commits that delete what they insert");
                } else {
                    tally.held(Check.THE_FILE_STOPS_GROWING_WITH_THE_WRITER_ALONE);
                }
            }
            if (pages.length >= 4) {
                tally.note("concurrency: " + readers + " readers, " + pages.length + " commits of +" + BATCH + "/-" + BATCH
                        + " records under them; file pages by quarter of that run (largest): " + quarters(pages) + "; then "
                        + alone.length + " commits alone: " + last + " pages; max commit "
                        + underReadersMaxMicros / 1000 + " ms under readers (" + baselineMaxMicros / 1000 + " ms alone, "
                        + baselineCommits + " commits); " + stalls + " reader stalls of " + STALL_MILLIS + " ms in " + stallTries
                        + " tries, "
                        + stallsWithoutCommits + " without a commit meanwhile");
            }
            var report = db.check();
            if (report.ok()) {
                tally.held(Check.CHECK_IS_CLEAN_AFTER_THE_RUN);
            } else {
                tally.wrong(Check.CHECK_IS_CLEAN_AFTER_THE_RUN, seed, "check after the run: " + report.describe());
            }
            tally.add(Counter.READS_CHECKED, reads.get());
        }
        if (tally.lost() + tally.wrong() == findingsBefore) {
            WorkDirs.delete(dir);
        }
    }

    /**
     * A table the writer never touches, committed and checkpointed before the run: random values
     * over {@value #BALLAST_BITS} bits make each plane a bitmap container, too big for any roots
     * entry, so a range count over it reads pages rather than memory.
     */
    private static void loadBallast(Db db, SplittableRandom random) {
        db.createTable(TableDef.of(BALLAST, FieldDef.intField("x")));
        try (Ingester ingester = db.ingest(BALLAST_RECORDS)) {
            for (int i = 0; i < BALLAST_RECORDS; i++) {
                ingester.append(BALLAST, Row.of("x", random.nextLong(1L << BALLAST_BITS)));
            }
        }
        db.store().checkpoint();
    }

    /** The largest value in each quarter of {@code pages}, as "a / b / c / d". */
    private static String quarters(long[] pages) {
        List<String> maxima = new ArrayList<>();
        for (int q = 0; q < 4; q++) {
            maxima.add(Long.toString(Arrays.stream(pages, q * pages.length / 4, (q + 1) * pages.length / 4).max().orElse(0)));
        }
        return String.join(" / ", maxima);
    }

    /** The writer: one commit per batch, appending one batch and deleting the oldest once the window is full. */
    private static final class Writer implements Runnable {
        private final Db db;
        private final AtomicBoolean stop;
        private final AtomicLong commits;
        private final List<Long> pages = new ArrayList<>();
        final AtomicLong maxCommitMicros = new AtomicLong();
        volatile Throwable failure;

        Writer(Db db, AtomicBoolean stop, AtomicLong commits) {
            this.db = db;
            this.stop = stop;
            this.commits = commits;
        }

        @Override
        public void run() {
            try {
                for (long c = 0; !stop.get(); c++) {
                    long start = System.nanoTime();
                    try (Ingester ingester = db.ingest(4 * BATCH)) {
                        for (int i = 0; i < BATCH; i++) {
                            long id = ingester.append("batches", Row.of("v", 1L, "b", c, "k", "k" + (c % 7)));
                            if (id != c * BATCH + i) {
                                throw new IllegalStateException("append assigned id " + id + ", expected " + (c * BATCH + i));
                            }
                        }
                        if (c >= WINDOW) {
                            for (long id = (c - WINDOW) * BATCH; id < (c - WINDOW + 1) * BATCH; id++) {
                                ingester.delete("batches", id);
                            }
                        }
                    }
                    maxCommitMicros.accumulateAndGet((System.nanoTime() - start) / 1000, Math::max);
                    synchronized (pages) {
                        pages.add(db.store().pageCount());
                    }
                    commits.incrementAndGet();
                }
            } catch (Throwable t) {
                failure = t;
            }
        }

        long[] pagesAfterEachCommit() {
            synchronized (pages) {
                return pages.stream().mapToLong(Long::longValue).toArray();
            }
        }
    }

    private static void read(Db db, AtomicBoolean stop, long seed, AtomicLong reads, AtomicLong wholeSnapshots,
                             ConcurrentLinkedQueue<Broken> problems) {
        SplittableRandom random = new SplittableRandom(seed);
        while (!stop.get()) {
            int before = problems.size();
            try (Snapshot s = db.read()) {
                List<Object> row = SqlEngine.execute(s, "SELECT count(*), sum(v), min(b), max(b), sum(b) FROM batches").rows().getFirst();
                long count = (Long) row.get(0);
                long txid = s.txid();
                reads.incrementAndGet();
                if (count == 0) {
                    continue;
                }
                long lo = (Long) row.get(2);
                long hi = (Long) row.get(3);
                BigInteger expectedSumB = BigInteger.valueOf(hi - lo + 1).multiply(BigInteger.valueOf(lo + hi))
                        .multiply(BigInteger.valueOf(BATCH)).shiftRight(1);
                if (!BigInteger.valueOf(count).equals(row.get(1)) || count != BATCH * (hi - lo + 1) || !expectedSumB.equals(row.get(4))) {
                    problems.add(new Broken(Check.EVERY_READ_SEES_ONE_COMMIT, "txid " + txid + ": count, sum(v), min(b), max(b),"
                            + " sum(b) = " + row + " do not belong to one commit"));
                    continue;
                }
                expect(problems, reads, txid, "count(*)", count, s.count("batches"));
                expect(problems, reads, txid, "count(v = 1)", count, s.count("batches", Filter.eq("v", 1L)));
                long grouped = s.groupCount("batches", "k", Filter.all(), -1).stream().mapToLong(GroupCount::count).sum();
                expect(problems, reads, txid, "sum of group counts", count, grouped);
                long[] newest = s.ids("batches", Filter.all(), Order.DESC, 1, null);
                long[] oldest = s.ids("batches", Filter.all(), Order.ASC, 1, null);
                expect(problems, reads, txid, "newest id", (hi + 1) * BATCH - 1, newest.length == 0 ? -1 : newest[0]);
                expect(problems, reads, txid, "oldest id", lo * BATCH, oldest.length == 0 ? -1 : oldest[0]);
                for (int p = 0; p < 5; p++) {
                    long id = random.nextLong(Math.max(1, (hi + 2) * BATCH));
                    Optional<Row> record = s.get("batches", id);
                    long batch = id / BATCH;
                    boolean present = batch >= lo && batch <= hi;
                    reads.incrementAndGet();
                    if (record.isPresent() != present || present && (!Long.valueOf(batch).equals(record.get().get("b"))
                            || !Long.valueOf(1).equals(record.get().get("v")))) {
                        problems.add(new Broken(Check.EVERY_READ_SEES_ONE_COMMIT, "txid " + txid + " (batches " + lo + ".." + hi
                                + "): record " + id + " reads " + record));
                    }
                }
                if (problems.size() == before) {
                    wholeSnapshots.incrementAndGet();
                }
            } catch (Throwable t) {
                problems.add(new Broken(Check.NO_READER_EVER_FAILS, "a reader threw " + t));
                return;
            }
        }
    }

    private static void expect(ConcurrentLinkedQueue<Broken> problems, AtomicLong reads, long txid, String what, long expected,
                               long actual) {
        reads.incrementAndGet();
        if (expected != actual) {
            problems.add(new Broken(Check.EVERY_READ_SEES_ONE_COMMIT, "txid " + txid + ": " + what + " is " + actual + ", expected "
                    + expected));
        }
    }
}
