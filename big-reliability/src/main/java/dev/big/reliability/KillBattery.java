package dev.big.reliability;

import dev.big.db.CheckReport;
import dev.big.db.Db;
import dev.big.db.Snapshot;
import dev.big.page.BigException;
import dev.big.page.DatabaseLockedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Crash anywhere, lose nothing committed: a child JVM writes as fast as it can, through
 * {@code db.ingest(1000)} ({@link IngestChild}) or single durable appends ({@link AppendChild}),
 * and is killed with SIGKILL at a random moment (now and then before it has even opened the file).
 * After each kill the file must reopen with a clean {@code check()}, hold every record the child
 * acknowledged, hold nothing half-applied (a whole number of ingest batches; at most the
 * writes in flight beyond the acknowledgements), and every record and aggregate must be exactly
 * what the records' ids say.
 *
 * <p>While the child writes, a second writer in this process is refused with
 * {@link DatabaseLockedException} (the lifecycle promise: a second process trying to write).
 */
public final class KillBattery implements Battery {

    /** What the battery checks after every kill (and while the child writes). */
    public enum Check implements BatteryCheck {
        /** The child opens the file and writes until SIGKILL stops it: it never dies or exits of itself. */
        THE_WRITER_RUNS_UNTIL_IT_IS_KILLED,
        /** While the child writes, a second writer in this process is refused as locked by another process. */
        A_SECOND_WRITER_IS_REFUSED,
        /** The file reopens after the kill (one killed while creating it may be refused, having acknowledged nothing). */
        THE_FILE_REOPENS,
        /** {@code check()} of the reopened file finds nothing. */
        CHECK_IS_CLEAN,
        /** The file holds every record the child acknowledged. */
        EVERY_ACKNOWLEDGED_RECORD_SURVIVES,
        /** The file holds no more than the acknowledged records and the writes in flight. */
        NOTHING_BEYOND_THE_WRITES_IN_FLIGHT,
        /** An ingesting child's records are whole batches: no batch is half there. */
        NO_BATCH_IS_HALF_APPLIED,
        /** Every record read back, and every aggregate, is what the record ids say. */
        EVERY_RECORD_READS_AS_WRITTEN
    }

    /** A database past this many records is set aside and the next kills start a fresh one. */
    private static final long MAX_RECORDS_PER_FILE = 1_500_000;

    /** Per file, the records a previous kill's check found there: acknowledged too, by then. */
    private final java.util.Map<Path, Long> verified = new java.util.HashMap<>();

    @Override
    public String name() {
        return "kill -9";
    }

    @Override
    public void run(long seed, Scale scale, Tally tally) throws Exception {
        Path dir = WorkDirs.newDir("kill");
        verified.clear();
        SplittableRandom random = new SplittableRandom(seed);
        long findingsBefore = tally.lost() + tally.wrong();
        Path[] files = {dir.resolve("ingest.big"), dir.resolve("append.big")};
        for (int kill = 0; kill < scale.kills(); kill++) {
            boolean ingest = kill % 2 == 0;
            Path file = files[ingest ? 0 : 1];
            killOnce(dir, file, ingest, kill, seed, random, tally);
            if (verified.getOrDefault(file, 0L) > MAX_RECORDS_PER_FILE) {
                Files.move(file, dir.resolve(file.getFileName() + "." + kill + ".done"));
                verified.remove(file);
            }
        }
        if (tally.lost() + tally.wrong() == findingsBefore) {
            WorkDirs.delete(dir);
        } else {
            System.err.println("kill -9: files kept in " + dir);
        }
    }

    private void killOnce(Path dir, Path file, boolean ingest, int kill, long seed, SplittableRandom random, Tally tally)
            throws Exception {
        String what = (ingest ? "ingest" : "append") + " child, kill " + kill;
        Path acksFile = dir.resolve("acks-" + kill + ".txt");
        Path log = dir.resolve("child-" + kill + ".log");
        ProcessBuilder builder = ingest
                ? ChildJvm.builder(IngestChild.class, file.toString(), acksFile.toString(), Long.toString(random.nextLong()))
                : ChildJvm.builder(AppendChild.class, file.toString(), acksFile.toString());
        Process child = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long started = System.nanoTime();
        boolean early = random.nextInt(10) == 0;
        try {
            if (early) {
                Thread.sleep(random.nextInt(900));
            } else {
                while (!Acks.read(acksFile).isReady()) {
                    if (!child.isAlive()) {
                        tally.wrong(Check.THE_WRITER_RUNS_UNTIL_IT_IS_KILLED, seed, what + ": the child died before it was ready: "
                                + Files.readString(log));
                        return;
                    }
                    if (System.nanoTime() - started > TimeUnit.SECONDS.toNanos(120)) {
                        tally.wrong(Check.THE_WRITER_RUNS_UNTIL_IT_IS_KILLED, seed, what + ": the child did not open the database"
                                + " within 120 s");
                        break;
                    }
                    Thread.sleep(5);
                }
                long writeMillis = 100 + random.nextInt(1_400);
                Thread.sleep(writeMillis / 2);
                probeLock(file, what, seed, tally);
                Thread.sleep(writeMillis - writeMillis / 2);
            }
        } finally {
            child.destroyForcibly();
            if (!child.waitFor(60, TimeUnit.SECONDS)) {
                tally.wrong(Check.THE_WRITER_RUNS_UNTIL_IT_IS_KILLED, seed, what + ": the child did not die within 60 s of SIGKILL");
            }
        }
        if (child.exitValue() != 137 && child.exitValue() != 9) {
            tally.wrong(Check.THE_WRITER_RUNS_UNTIL_IT_IS_KILLED, seed, what + ": the child exited by itself with "
                    + child.exitValue() + " before the kill: " + Files.readString(log));
            return;
        }
        Acks.Read acks = Acks.read(acksFile);
        if (acks.error() != null) {
            tally.wrong(Check.THE_WRITER_RUNS_UNTIL_IT_IS_KILLED, seed, what + ": " + acks.error());
        } else {
            tally.held(Check.THE_WRITER_RUNS_UNTIL_IT_IS_KILLED);
        }
        verifyAfterKill(file, ingest, acks, what, seed, random, tally);
        Files.deleteIfExists(acksFile);
        Files.deleteIfExists(log);
    }

    /** A second writer is refused while the child holds the file. */
    private void probeLock(Path file, String what, long seed, Tally tally) {
        if (!Files.exists(file)) {
            return;
        }
        try {
            Db.open(file).close();
            tally.wrong(Check.A_SECOND_WRITER_IS_REFUSED, seed, what + ": a second writer opened the file while the child was"
                    + " writing it");
        } catch (DatabaseLockedException e) {
            if (e.getMessage().contains("locked by another process")) {
                tally.held(Check.A_SECOND_WRITER_IS_REFUSED);
            } else {
                tally.wrong(Check.A_SECOND_WRITER_IS_REFUSED, seed, what + ": unclear lock message: " + e.getMessage());
            }
            tally.increment(Counter.LIFECYCLE);
        } catch (BigException e) {
            // The child may not have created its table yet, or may be between files: not a lock question.
        }
    }

    private void verifyAfterKill(Path file, boolean ingest, Acks.Read acks, String what, long seed, SplittableRandom random,
                                 Tally tally) {
        // Everything an earlier check found, and what this child found on opening, was acknowledged before.
        long acked = Math.max(Math.max(0, acks.durable()), Math.max(acks.ready(), verified.getOrDefault(file, 0L)));
        Db db;
        try {
            db = Db.open(file);
        } catch (BigException e) {
            if (acks.durable() < 0 && !acks.isReady() && verified.getOrDefault(file, 0L) == 0) {
                // Killed while creating the file: nothing was acknowledged, and the refusal says so.
                deleteQuietly(file);
                tally.held(Check.THE_FILE_REOPENS);
                tally.increment(Counter.KILLS);
                return;
            }
            tally.lost(Check.THE_FILE_REOPENS, seed, what + ": the file does not reopen after the kill: " + e.getMessage());
            return;
        }
        tally.held(Check.THE_FILE_REOPENS);
        try (db) {
            CheckReport report = db.check();
            if (report.ok()) {
                tally.held(Check.CHECK_IS_CLEAN);
            } else {
                tally.wrong(Check.CHECK_IS_CLEAN, seed, what + ": check after the kill: " + report.describe());
            }
            boolean hasTable = db.schema().stream().anyMatch(t -> t.name().equals(EventRecords.TABLE));
            long count = 0;
            if (hasTable) {
                try (Snapshot snapshot = db.read()) {
                    count = snapshot.count(EventRecords.TABLE);
                }
            } else if (acks.isReady()) {
                tally.lost(Check.EVERY_ACKNOWLEDGED_RECORD_SURVIVES, seed, what + ": the table is gone after the kill");
                return;
            }
            if (count < acked) {
                tally.lost(Check.EVERY_ACKNOWLEDGED_RECORD_SURVIVES, seed, what + ": the child acknowledged " + acked
                        + " records, the file holds " + count);
            } else {
                tally.held(Check.EVERY_ACKNOWLEDGED_RECORD_SURVIVES);
            }
            // Ingest commits are pipelined and the child acknowledges only between appends: while
            // it waits to hand over batch N+1, batches N-1 and N can become durable, and N+1
            // right after, before it writes its next acknowledgement: up to three batches.
            long inFlight = ingest ? 3L * IngestChild.BATCH : 1;
            if (count > acked + inFlight) {
                tally.wrong(Check.NOTHING_BEYOND_THE_WRITES_IN_FLIGHT, seed, what + ": the file holds " + count
                        + " records, beyond the " + acked + " acknowledged and what was in flight");
            } else {
                tally.held(Check.NOTHING_BEYOND_THE_WRITES_IN_FLIGHT);
            }
            if (ingest && count % IngestChild.BATCH != 0) {
                tally.wrong(Check.NO_BATCH_IS_HALF_APPLIED, seed, what + ": " + count + " records is not a whole number of"
                        + " batches of " + IngestChild.BATCH + ": a batch is half-present");
            } else if (ingest) {
                tally.held(Check.NO_BATCH_IS_HALF_APPLIED);
            }
            if (hasTable) {
                long[] reads = new long[1];
                List<String> problems = EventRecords.verifyPrefix(db, count, ingest ? 2 * IngestChild.BATCH : 5, 200,
                        random, reads);
                for (String problem : problems) {
                    tally.wrong(Check.EVERY_RECORD_READS_AS_WRITTEN, seed, what + " (" + count + " records): " + problem);
                }
                if (problems.isEmpty()) {
                    tally.held(Check.EVERY_RECORD_READS_AS_WRITTEN);
                }
                tally.add(Counter.READS_CHECKED, reads[0]);
            }
            verified.put(file, count);
            tally.increment(Counter.KILLS);
            tally.add(Counter.ACKED_RECORDS, acked);
        } catch (BigException e) {
            tally.wrong(Check.EVERY_RECORD_READS_AS_WRITTEN, seed, what + ": reading the reopened file failed: " + e);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
