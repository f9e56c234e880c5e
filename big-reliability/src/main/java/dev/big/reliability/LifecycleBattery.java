package dev.big.reliability;

import dev.big.db.Db;
import dev.big.db.Filter;
import dev.big.db.Snapshot;
import dev.big.page.BigException;
import dev.big.page.DatabaseClosedException;
import dev.big.page.DatabaseLockedException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Lifecycle: many open/close cycles while reader threads are mid-read (every read before the close
 * is right, every read after it fails with {@link DatabaseClosedException}, nothing else); closing
 * under a reader that holds a snapshot and does nothing; a second writer, in this process and in
 * another (a child JVM, and {@code big load}), refused as locked while its read-only open works; and
 * read-only handles following a child process that writes: a fresh handle per read (as
 * {@code big query} does) and one long-lived handle with a fresh snapshot per read. Each must see
 * at least every record acknowledged before the read began, and a consistent table.
 */
public final class LifecycleBattery implements Battery {

    /** What the battery checks of opens, closes, second writers and read-only followers. */
    public enum Check implements BatteryCheck {
        /** A read around a close is right (one of the two commits it may see) or fails with {@code DatabaseClosedException}. */
        A_READ_AROUND_A_CLOSE_IS_RIGHT_OR_FAILS_AS_CLOSED,
        /** Every record appended across the open/close cycles is there after them. */
        EVERY_CYCLES_RECORD_SURVIVES,
        /** {@code check()} after the cycles finds nothing. */
        CHECK_IS_CLEAN_AFTER_THE_CYCLES,
        /** Close returns while a snapshot is open; the snapshot then fails as closed; the file holds its record. */
        CLOSE_UNDER_AN_IDLE_SNAPSHOT_ENDS_IT_CLEANLY,
        /** A second writer, in another process, through {@code big load} or in this process, is refused as locked. */
        A_SECOND_WRITER_IS_REFUSED_AS_LOCKED,
        /** The second process reads the locked file read-only, all of it. */
        A_LOCKED_OUT_PROCESS_STILL_READS,
        /** A read-only handle starts following a child process that writes. */
        A_READ_ONLY_HANDLE_FOLLOWS_A_WRITING_PROCESS,
        /** A read-only read is one consistent commit: its sum agrees with its count. */
        A_READ_ONLY_READ_IS_ONE_COMMIT,
        /** A read-only read sees every record acknowledged before it began. */
        A_READ_ONLY_READ_SEES_EVERY_ACKNOWLEDGED_RECORD,
        /** A read-only handle's counts never go back. */
        READ_ONLY_COUNTS_NEVER_GO_BACK
    }

    @Override
    public String name() {
        return "lifecycle";
    }

    @Override
    public void run(long seed, Scale scale, Tally tally) throws Exception {
        Path dir = WorkDirs.newDir("lifecycle");
        long findingsBefore = tally.lost() + tally.wrong();
        SplittableRandom random = new SplittableRandom(seed);
        cycles(dir.resolve("cycles.big"), scale.lifecycleCycles(), random, seed, tally);
        closeUnderAnIdleReader(dir.resolve("idle.big"), seed, tally);
        secondWriter(dir, seed, tally);
        readOnlyFollowers(dir, random, seed, tally);
        if (tally.lost() + tally.wrong() == findingsBefore) {
            WorkDirs.delete(dir);
        } else {
            System.err.println("lifecycle: files kept in " + dir);
        }
    }

    /** Open, append, close while 1 to 3 readers are mid-read; every cycle's record survives. */
    private void cycles(Path file, int cycles, SplittableRandom random, long seed, Tally tally) throws Exception {
        try (Db db = Db.create(file, List.of(EventRecords.table()))) {
            db.append(EventRecords.TABLE, EventRecords.record(0));
        }
        long maxCloseMillis = 0;
        for (int cycle = 1; cycle <= cycles; cycle++) {
            Db db = Db.open(file);
            ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
            AtomicLong reads = new AtomicLong();
            List<Thread> readers = new ArrayList<>();
            long before = cycle;
            for (int r = 0; r < 1 + random.nextInt(3); r++) {
                readers.add(Thread.ofPlatform().start(() -> readUntilClosed(db, before, problems, reads)));
            }
            db.append(EventRecords.TABLE, EventRecords.record(cycle));
            Thread.sleep(random.nextInt(30));
            long start = System.nanoTime();
            db.close();
            maxCloseMillis = Math.max(maxCloseMillis, (System.nanoTime() - start) / 1_000_000);
            for (Thread reader : readers) {
                reader.join(30_000);
                if (reader.isAlive()) {
                    problems.add("a reader did not stop within 30 s of close");
                }
            }
            for (String problem : problems) {
                tally.wrong(Check.A_READ_AROUND_A_CLOSE_IS_RIGHT_OR_FAILS_AS_CLOSED, seed, "cycle " + cycle + ": " + problem);
            }
            tally.held(Check.A_READ_AROUND_A_CLOSE_IS_RIGHT_OR_FAILS_AS_CLOSED, reads.get());
            tally.add(Counter.READS_CHECKED, reads.get());
            tally.increment(Counter.LIFECYCLE);
        }
        try (Db db = Db.open(file)) {
            long[] reads = new long[1];
            List<String> problems = EventRecords.verifyPrefix(db, cycles + 1, cycles + 1, 0, new SplittableRandom(seed), reads);
            for (String problem : problems) {
                tally.lost(Check.EVERY_CYCLES_RECORD_SURVIVES, seed, "after " + cycles + " open/close cycles: " + problem);
            }
            if (problems.isEmpty()) {
                tally.held(Check.EVERY_CYCLES_RECORD_SURVIVES);
            }
            tally.add(Counter.READS_CHECKED, reads[0]);
            var report = db.check();
            if (report.ok()) {
                tally.held(Check.CHECK_IS_CLEAN_AFTER_THE_CYCLES);
            } else {
                tally.wrong(Check.CHECK_IS_CLEAN_AFTER_THE_CYCLES, seed, "check after the cycles: " + report.describe());
            }
        }
        tally.note("lifecycle: " + cycles + " open/close cycles under readers, longest close " + maxCloseMillis + " ms");
    }

    private static void readUntilClosed(Db db, long before, ConcurrentLinkedQueue<String> problems, AtomicLong reads) {
        while (true) {
            try (Snapshot s = db.read()) {
                long count = s.count(EventRecords.TABLE);
                BigInteger sum = s.aggregate(EventRecords.TABLE, "value", Filter.all()).sum();
                BigInteger expected = BigInteger.ZERO;
                for (long id = 0; id < count; id++) {
                    expected = expected.add(BigInteger.valueOf(EventRecords.value(id)));
                }
                if ((count != before && count != before + 1) || !sum.equals(expected)) {
                    problems.add("a reader saw " + count + " records with sum " + sum + " (expected " + before + " or "
                            + (before + 1) + " records, sum " + expected + ")");
                }
                reads.incrementAndGet();
            } catch (DatabaseClosedException closed) {
                return;
            } catch (Throwable t) {
                problems.add("a reader threw " + t + " around close, not DatabaseClosedException");
                return;
            }
        }
    }

    /** A snapshot left open (idle) does not stop close; afterwards it fails clearly, and the file reopens whole. */
    private void closeUnderAnIdleReader(Path file, long seed, Tally tally) throws Exception {
        Db db = Db.create(file, List.of(EventRecords.table()));
        db.append(EventRecords.TABLE, EventRecords.record(0));
        Snapshot idle = db.read();
        idle.count(EventRecords.TABLE);
        Check promise = Check.CLOSE_UNDER_AN_IDLE_SNAPSHOT_ENDS_IT_CLEANLY;
        Thread closer = Thread.ofPlatform().start(db::close);
        closer.join(30_000);
        if (closer.isAlive()) {
            tally.wrong(promise, seed, "close did not return within 30 s while a snapshot was open");
        }
        try {
            idle.count(EventRecords.TABLE);
            tally.wrong(promise, seed, "a snapshot of a closed database still answered");
        } catch (DatabaseClosedException expected) {
            tally.increment(Counter.LIFECYCLE);
        } catch (Throwable t) {
            tally.wrong(promise, seed, "a snapshot of a closed database threw " + t + ", not DatabaseClosedException");
        }
        idle.close();
        try (Db reopened = Db.open(file); Snapshot s = reopened.read()) {
            if (s.count(EventRecords.TABLE) != 1) {
                tally.lost(promise, seed, "after closing under an idle reader the file holds " + s.count(EventRecords.TABLE)
                        + " records");
            } else if (tally.broke(promise) == 0) {
                tally.held(promise);
            }
        }
    }

    /** While this process writes a file, a second writer (here, another process, big load) is refused; reading works. */
    private void secondWriter(Path dir, long seed, Tally tally) throws Exception {
        Path file = dir.resolve("locked.big");
        try (Db db = Db.create(file, List.of(EventRecords.table()))) {
            for (long id = 0; id < 7; id++) {
                db.append(EventRecords.TABLE, EventRecords.record(id));
            }
            Path report = dir.resolve("lock-probe.txt");
            Process child = ChildJvm.builder(LockProbeChild.class, file.toString(), report.toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("lock-probe.log").toFile()).start();
            if (!child.waitFor(120, TimeUnit.SECONDS)) {
                child.destroyForcibly();
                tally.wrong(Check.A_SECOND_WRITER_IS_REFUSED_AS_LOCKED, seed, "the second process did not finish within 120 s");
            }
            Acks.Read read = Acks.read(report);
            if (read.error() == null || !read.error().startsWith("LOCKED ") || !read.error().contains("locked by another process")) {
                tally.wrong(Check.A_SECOND_WRITER_IS_REFUSED_AS_LOCKED, seed, "a second process opening the file for writing: "
                        + read.error() + " " + Files.readString(dir.resolve("lock-probe.log")));
            } else {
                tally.held(Check.A_SECOND_WRITER_IS_REFUSED_AS_LOCKED);
                tally.increment(Counter.LIFECYCLE);
            }
            if (read.durable() != 7) {
                tally.wrong(Check.A_LOCKED_OUT_PROCESS_STILL_READS, seed, "the second process read " + read.durable()
                        + " records read-only, the file holds 7");
            } else {
                tally.held(Check.A_LOCKED_OUT_PROCESS_STILL_READS);
            }
            Files.writeString(dir.resolve("rows.csv"), "value\n1\n");
            CliBatch.Result load = CliBatch.run(dir, List.of(List.of("load", file.toString(), EventRecords.TABLE,
                    dir.resolve("rows.csv").toString())), 60_000).getFirst();
            if (load.exitCode() != 74 || !load.stderr().contains("locked by another process")) {
                tally.wrong(Check.A_SECOND_WRITER_IS_REFUSED_AS_LOCKED, seed, "big load of a file another process writes: " + load);
            } else {
                tally.held(Check.A_SECOND_WRITER_IS_REFUSED_AS_LOCKED);
                tally.increment(Counter.LIFECYCLE);
            }
            // Last: a refused open in this process must leave this process's lock in place (see
            // TheWriteLockHoldsWhileItsProcessOpensOtherHandlesTest); nothing after this needs it.
            try {
                Db.open(file).close();
                tally.wrong(Check.A_SECOND_WRITER_IS_REFUSED_AS_LOCKED, seed, "a second writer in the same process opened the file");
            } catch (DatabaseLockedException expected) {
                tally.held(Check.A_SECOND_WRITER_IS_REFUSED_AS_LOCKED);
                tally.increment(Counter.LIFECYCLE);
            }
        }
    }

    /**
     * A child process appends (durable single records or ingest batches) while this process reads
     * the file read-only: every read sees at least what was acknowledged before it began, counts never
     * go back, and the table is consistent (its aggregates agree with its record count).
     */
    private void readOnlyFollowers(Path dir, SplittableRandom random, long seed, Tally tally) throws Exception {
        for (boolean ingest : new boolean[] {false, true}) {
            Path file = dir.resolve(ingest ? "follow-ingest.big" : "follow-append.big");
            Path acks = dir.resolve(ingest ? "follow-ingest.txt" : "follow-append.txt");
            ProcessBuilder builder = ingest
                    ? ChildJvm.builder(IngestChild.class, file.toString(), acks.toString(), Long.toString(random.nextLong()))
                    : ChildJvm.builder(AppendChild.class, file.toString(), acks.toString());
            Process child = builder.redirectErrorStream(true).redirectOutput(dir.resolve("follow.log").toFile()).start();
            try {
                long deadline = System.currentTimeMillis() + 120_000;
                while (!Acks.read(acks).isReady() && System.currentTimeMillis() < deadline && child.isAlive()) {
                    Thread.sleep(10);
                }
                if (!Acks.read(acks).isReady()) {
                    tally.wrong(Check.A_READ_ONLY_HANDLE_FOLLOWS_A_WRITING_PROCESS, seed, "the writing child did not start: "
                            + Files.readString(dir.resolve("follow.log")));
                    continue;
                }
                tally.held(Check.A_READ_ONLY_HANDLE_FOLLOWS_A_WRITING_PROCESS);
                long last = 0;
                long end = System.currentTimeMillis() + 1_500;
                while (System.currentTimeMillis() < end) {
                    long acked = Math.max(0, Acks.read(acks).durable());
                    try (Db reader = Db.openReadOnly(file)) {
                        last = followRead(reader, file, acks, acked, last, "a fresh read-only handle", seed, tally);
                    } catch (RuntimeException e) {
                        unreadable(e, acks, acked, "a fresh read-only handle", seed, tally);
                    }
                }
                try (Db reader = Db.openReadOnly(file)) {
                    end = System.currentTimeMillis() + 1_500;
                    while (System.currentTimeMillis() < end) {
                        long acked = Math.max(0, Acks.read(acks).durable());
                        last = followRead(reader, file, acks, acked, last, "a long-lived read-only handle", seed, tally);
                    }
                }
                tally.increment(Counter.LIFECYCLE);
            } finally {
                child.destroyForcibly();
                child.waitFor();
            }
        }
    }

    /**
     * One read of a file another process writes; returns the record count it saw. The snapshot's
     * pin keeps the writer from reusing its pages, so a wrong sum, a corrupt page or another
     * exception is a finding; the finding says whether a commit landed during the read (the pages
     * the writer reused, if the pin was lost). A count below what was acknowledged is lost data,
     * unless a fresh handle sees it all: then this handle stopped following the writer.
     */
    private long followRead(Db reader, Path file, Path acks, long acked, long last, String how, long seed, Tally tally) {
        Snapshot opened;
        try {
            opened = reader.read();
        } catch (RuntimeException e) {
            unreadable(e, acks, acked, how, seed, tally);
            return last;
        }
        try (Snapshot s = opened) {
            long txid = s.txid();
            String problem;
            long count = -1;
            try {
                count = s.count(EventRecords.TABLE);
                BigInteger sum = s.aggregate(EventRecords.TABLE, "value", Filter.all()).sum();
                BigInteger expected = BigInteger.ZERO;
                for (long id = 0; id < count; id++) {
                    expected = expected.add(BigInteger.valueOf(EventRecords.value(id)));
                }
                problem = sum.equals(expected) ? null : count + " records summing to " + sum + ", expected " + expected;
            } catch (RuntimeException e) {
                problem = "the read threw " + e;
            }
            tally.increment(Counter.READS_CHECKED);
            if (problem != null) {
                // The handle's own newest txid is not enough: a handle stuck on an old commit sees
                // none, while the child goes on acknowledging commits.
                boolean committedSince = Acks.read(acks).durable() > acked;
                try (Snapshot newest = reader.read()) {
                    committedSince |= newest.txid() >= txid + 1;
                } catch (RuntimeException e) {
                    committedSince = true; // the newest commit's pages are being reused: a writer moved on
                }
                tally.wrong(Check.A_READ_ONLY_READ_IS_ONE_COMMIT, seed, how + " at txid " + txid + (committedSince
                        ? ", a commit landing meanwhile (its pages reused under the snapshot?): " : ", no commit landing meanwhile: ")
                        + problem);
                return last;
            }
            tally.held(Check.A_READ_ONLY_READ_IS_ONE_COMMIT);
            if (count < acked) {
                long fresh = freshCount(file);
                if (fresh >= acked) {
                    tally.wrong(Check.A_READ_ONLY_READ_SEES_EVERY_ACKNOWLEDGED_RECORD, seed, how + " saw " + count + " records; "
                            + acked + " were acknowledged before it began and a fresh handle sees " + fresh + ": this handle"
                            + " stopped following its writer");
                    return last;
                }
                tally.lost(Check.A_READ_ONLY_READ_SEES_EVERY_ACKNOWLEDGED_RECORD, seed, how + " saw " + count + " records; " + acked
                        + " were acknowledged before it began (a fresh handle sees " + fresh + ")");
            } else {
                tally.held(Check.A_READ_ONLY_READ_SEES_EVERY_ACKNOWLEDGED_RECORD);
            }
            if (count < last) {
                tally.wrong(Check.READ_ONLY_COUNTS_NEVER_GO_BACK, seed, how + " saw " + count + " records after an earlier read saw "
                        + last);
            } else {
                tally.held(Check.READ_ONLY_COUNTS_NEVER_GO_BACK);
            }
            return count;
        }
    }

    /**
     * Opening the handle or its snapshot failed (it reads the catalog of the newest commit): a
     * finding, unless it is the refusal a read-only handle may answer with when the writer commits
     * faster than the handle can pin a commit ("try again"). The finding says whether commits were
     * acknowledged meanwhile (the newest commit's pages reused under the read, if its pin was lost).
     */
    private void unreadable(RuntimeException e, Path acks, long acked, String how, long seed, Tally tally) {
        if (e instanceof BigException && e.getMessage() != null && e.getMessage().endsWith("try again")) {
            return;
        }
        try {
            Thread.sleep(100); // lets the child acknowledge a commit that landed just before the failure
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        tally.increment(Counter.READS_CHECKED);
        tally.wrong(Check.A_READ_ONLY_READ_IS_ONE_COMMIT, seed, how + " failed to open a snapshot, " + (Acks.read(acks).durable()
                > acked ? "commits acknowledged meanwhile: " : "no commit acknowledged meanwhile: ") + e);
    }

    /** The record count a fresh read-only handle sees, or -1 if it cannot read the file now. */
    private static long freshCount(Path file) {
        try (Db fresh = Db.openReadOnly(file); Snapshot s = fresh.read()) {
            return s.count(EventRecords.TABLE);
        } catch (RuntimeException e) {
            return -1;
        }
    }
}
