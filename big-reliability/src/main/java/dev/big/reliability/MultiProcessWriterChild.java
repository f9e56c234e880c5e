package dev.big.reliability;

import dev.big.db.Db;
import dev.big.db.Ingester;
import dev.big.db.Snapshot;
import dev.big.engine.WriteTxn;
import dev.big.page.DatabaseLockedException;
import dev.big.reliability.MultiProcessBattery.Check;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The writer JVM of the multi-process battery: commits the {@link BatchWindow} workload as fast as
 * it can until it is killed, acknowledging each batch once {@code Ingester.close()} says it is
 * durable ({@code durable <batches> <pages> <millis>} in the acknowledgement log, one
 * {@code write(2)}). It logs {@code writing <incarnation> <millis>} the moment its {@code Db.open}
 * returns (from then on it holds the write lock), {@code ready <incarnation> <millis> <batches>} once
 * it read what the file holds, and {@code closing <incarnation> <millis>} before it lets go.
 * Between batches it rewrites the {@code k} of a random record with {@code db.update} (a commit on
 * this thread that changes no invariant).
 *
 * <p>Its writing thread is interrupted at random inside those calls, and sets its own flag before
 * some of them. An interrupted call may fail clearly (see {@link CheckedReads#judge}); then the
 * writer waits for what that call left committing, settles it with an empty commit and reads back
 * how many batches the file holds (the failed batch may have landed after all). If the failure left
 * the store refusing writes, the writer closes and exits with {@value #EXIT_STORE_FAILED}, and the
 * parent starts another. Meanwhile two threads of this process read the file through a read-only
 * handle of their own (held snapshots, fresh snapshots, refused write opens), interrupted as well.
 *
 * <p>Control files in the control directory: {@code quiet}, there when the writer starts (no
 * interrupts, no in-process readers, no updates: the parent measures the file's growth) and {@code handover-<incarnation>} (take a
 * snapshot with a read-only handle, commit twice with the writing thread's flag set, close the
 * writing handle, then ask the snapshot again while the next writer process commits; exit 0).
 *
 * <p>Which of these happen is the writer's ingredients: {@code writer-interrupts} (its writing
 * thread interrupted), and those of its in-process readers ({@link CheckedReads.Ingredients}).
 *
 * <p>Arguments: database file, acknowledgement log, this child's log, seed, control directory,
 * incarnation number, ingredients (comma-separated, or {@code none}).
 */
public final class MultiProcessWriterChild {

    static final int EXIT_STORE_FAILED = 75;
    private static final long OPEN_PATIENCE_MILLIS = 60_000;

    private final Path file;
    private final ChildLog acks;
    private final ChildLog log;
    private final Path acksFile;
    private final SplittableRandom random;
    private final Path control;
    private final int incarnation;
    private final CheckedReads reads;
    /** What the in-process readers do besides reading. */
    private final CheckedReads.Ingredients ingredients;
    /** Whether the writing thread is interrupted (and sets its own flag before some calls). */
    private final boolean writerInterrupts;
    /** Interrupts the in-process readers' threads. */
    private final Interrupter interrupter;
    /** Interrupts the writing thread, less often: most of its time is spent inside calls, and each interrupt costs a batch. */
    private final Interrupter writing;
    private final Interrupter.Target target;
    private final List<Thread> coReaders = new ArrayList<>();
    private volatile boolean coReading = true;
    private Db coHandle;
    private Db db;
    private long batches;
    private boolean quiet;

    private MultiProcessWriterChild(String[] args) {
        file = Path.of(args[0]);
        acksFile = Path.of(args[1]);
        acks = ChildLog.linesOnly(acksFile);
        log = new ChildLog(Path.of(args[2]));
        random = new SplittableRandom(Long.parseLong(args[3]));
        control = Path.of(args[4]);
        incarnation = Integer.parseInt(args[5]);
        ingredients = CheckedReads.Ingredients.parse(args[6]);
        writerInterrupts = List.of(args[6].split(",")).contains("writer-interrupts");
        reads = new CheckedReads(file, acksFile, log, "in this process", ingredients);
        interrupter = new Interrupter(log, "interrupts", random.nextLong(), 10, 80);
        writing = new Interrupter(log, "writer-interrupts", random.nextLong(), 100, 1_000);
        target = writing.register(Thread.currentThread());
    }

    public static void main(String[] args) throws Exception {
        new MultiProcessWriterChild(args).run();
    }

    private void run() throws Exception {
        db = openForWriting();
        acks.line("writing " + incarnation + " " + System.currentTimeMillis());
        batches = readBack("the file as this writer opened it", -1);
        acks.line("ready " + incarnation + " " + System.currentTimeMillis() + " " + batches);
        Path quietFlag = control.resolve("quiet");
        if (Files.exists(quietFlag)) {
            quiet = true;
            log.line("quiet " + System.currentTimeMillis());
        } else {
            startChaos();
        }
        Path handoverFlag = control.resolve("handover-" + incarnation);
        while (true) {
            if (Files.exists(handoverFlag)) {
                handover();
                return;
            }
            commitBatch();
            if (!quiet && batches > 0 && random.nextInt(3) == 0) {
                for (int u = 1 + random.nextInt(2); u > 0; u--) {
                    update(interruptsNow() && random.nextInt(4) == 0);
                }
            }
        }
    }

    private boolean interruptsNow() {
        return writerInterrupts && !quiet;
    }

    /** Db.open, waiting while another process holds the lock a moment (a reader's write open, the parent's check). */
    private Db openForWriting() {
        long deadline = System.currentTimeMillis() + OPEN_PATIENCE_MILLIS;
        while (true) {
            try {
                return Db.open(file);
            } catch (DatabaseLockedException e) {
                if (System.currentTimeMillis() > deadline) {
                    log.wrong(Check.THE_WRITE_LOCK_GOES_WITH_ITS_WRITER, "the writer could not open the file within "
                            + OPEN_PATIENCE_MILLIS + " ms: " + e.getMessage());
                    log.close();
                    System.exit(3);
                }
                CheckedReads.pause(20);
            }
        }
    }

    private void startChaos() {
        coHandle = Db.openReadOnly(file);
        String how = "the writer's process, read-only handle";
        SplittableRandom holding = random.split();
        SplittableRandom following = random.split();
        Thread holder = Thread.ofPlatform().name("co-holder").unstarted(() -> reads.holdLoop(coHandle,
                interrupter.register(Thread.currentThread()), holding, () -> coReading, how));
        Thread follower = Thread.ofPlatform().name("co-follower").unstarted(() -> reads.followLoop(coHandle,
                interrupter.register(Thread.currentThread()), following, () -> coReading, how + ", fresh snapshots"));
        coReaders.add(holder);
        coReaders.add(follower);
        holder.start();
        follower.start();
        if (ingredients.interrupts()) {
            interrupter.start();
        }
        if (writerInterrupts) {
            writing.start();
        }
    }

    private void stopChaos() throws InterruptedException {
        interrupter.stop();
        writing.stop();
        coReading = false;
        for (Thread thread : coReaders) {
            thread.join();
        }
        coReaders.clear();
        if (coHandle != null) {
            coHandle.close();
            coHandle = null;
        }
    }

    /** Commit {@code batches}: put its records, delete the batch that leaves the window; acknowledged once durable. */
    private void commitBatch() throws InterruptedException {
        long c = batches;
        Ingester ingester = null;
        target.arm();
        try {
            if (interruptsNow() && random.nextInt(12) == 0) {
                target.interruptSelf();
            }
            ingester = db.ingest(4 * BatchWindow.BATCH);
            for (int i = 0; i < BatchWindow.BATCH; i++) {
                ingester.put(BatchWindow.TABLE, BatchWindow.firstId(c) + i, BatchWindow.record(c));
            }
            if (c >= BatchWindow.WINDOW) {
                for (int i = 0; i < BatchWindow.BATCH; i++) {
                    ingester.delete(BatchWindow.TABLE, BatchWindow.firstId(c - BatchWindow.WINDOW) + i);
                }
            }
            if (interruptsNow() && random.nextInt(12) == 0) {
                target.interruptSelf();
            }
            ingester.close();
        } catch (RuntimeException | Error e) {
            boolean interrupted = target.disarm();
            if (ingester != null) {
                try {
                    ingester.abort();
                } catch (RuntimeException ignored) {
                    // The failure that matters is the one being judged.
                }
            }
            CheckedReads.judge(log, "writer: an ingest batch", e, interrupted);
            recover("ingest of batch " + c);
            return;
        }
        target.disarm();
        batches = c + 1;
        acknowledge();
    }

    /** {@code durable <batches> <pages> <millis>}: the batches committed and durable, and the file's size then. */
    private void acknowledge() {
        acks.line("durable " + batches + " " + db.store().pageCount() + " " + System.currentTimeMillis());
        log.increment("commits");
    }

    /** One durable {@code db.update} of a record's {@code k}, on this thread; with its flag set first if asked. */
    private void update(boolean interruptFirst) throws InterruptedException {
        long lo = Math.max(0, batches - BatchWindow.WINDOW);
        long c = lo + random.nextLong(batches - lo);
        long id = BatchWindow.firstId(c) + random.nextInt(BatchWindow.BATCH);
        target.arm();
        try {
            if (interruptFirst) {
                target.interruptSelf();
            }
            db.update(BatchWindow.TABLE, id, "k", "k" + random.nextInt(BatchWindow.KEYS));
        } catch (RuntimeException | Error e) {
            CheckedReads.judge(log, "writer: db.update", e, target.disarm());
            recover("update of record " + id);
            return;
        }
        target.disarm();
        log.increment("updates");
    }

    /**
     * After a failed call: waits for the ingest thread it may have left committing, makes that
     * commit durable with an empty one (commits become durable in order), and reads back how many
     * batches the file holds; acknowledges a batch that landed after all. Exits if the store failed.
     */
    private void recover(String what) throws InterruptedException {
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().equals("big-ingest")) {
                thread.join(30_000);
                if (thread.isAlive()) {
                    log.wrong(Check.ONLY_AN_INTERRUPTED_CALL_FAILS_AND_CLEARLY, "writer: an ingest thread was still running 30 s"
                            + " after the failed " + what);
                }
            }
        }
        if (db.store().isFailed()) {
            log.line("store-failed after the " + what);
            closeAndExit(EXIT_STORE_FAILED);
        }
        try (WriteTxn settle = db.store().beginWrite()) {
            settle.commit();
        } catch (RuntimeException e) {
            if (db.store().isFailed()) {
                log.line("store-failed after the " + what + " (its commit failed to become durable)");
                closeAndExit(EXIT_STORE_FAILED);
            }
            log.wrong(Check.ONLY_AN_INTERRUPTED_CALL_FAILS_AND_CLEARLY, "writer: an empty commit after the failed " + what
                    + " threw " + e + CheckedReads.stackTop(e));
            closeAndExit(4);
        }
        long held = readBack("after the failed " + what, batches);
        if (held > batches) {
            batches = held;
            acknowledge();
        }
    }

    /**
     * The batches the file holds, checked against the workload; with {@code expected >= 0}, it must
     * be that or one more (a failed batch that landed after all).
     */
    private long readBack(String when, long expected) {
        List<String> problems = new ArrayList<>();
        long[] counted = new long[1];
        BatchWindow.Observation seen;
        try (Snapshot snapshot = db.read()) {
            seen = BatchWindow.observe(snapshot, random, problems, counted);
        }
        log.add("reads", counted[0]);
        for (String problem : problems) {
            log.wrong(Check.A_SNAPSHOT_IS_ONE_COMMIT_OF_THE_WORKLOAD, "writer, " + when + ": " + problem);
        }
        if (problems.isEmpty()) {
            log.held(Check.A_SNAPSHOT_IS_ONE_COMMIT_OF_THE_WORKLOAD);
        }
        if (expected >= 0 && seen.batches() < expected) {
            log.wrong(Check.EVERY_ACKNOWLEDGED_BATCH_SURVIVES, "writer, " + when + ": the file holds " + seen + "; " + expected
                    + " batches were committed before it");
        } else if (expected >= 0 && seen.batches() > expected + 1) {
            log.wrong(Check.NOTHING_BEYOND_THE_BATCH_IN_FLIGHT, "writer, " + when + ": the file holds " + seen + "; " + expected
                    + " batches were committed before it, and at most one more was in flight");
        } else if (expected >= 0) {
            log.held(Check.EVERY_ACKNOWLEDGED_BATCH_SURVIVES);
            log.held(Check.NOTHING_BEYOND_THE_BATCH_IN_FLIGHT);
        }
        return Math.max(seen.batches(), expected);
    }

    /**
     * Hands the file over to the next writer process while this one keeps a snapshot: the writing
     * thread commits with its interrupt flag set (which, if it costs the process its locks, unpins
     * the snapshot), closes the writing handle, and asks the snapshot again as the next writer commits.
     */
    private void handover() throws InterruptedException {
        stopChaos();
        Db keep = Db.openReadOnly(file);
        // Half the time the writing thread commits twice with its interrupt flag set before it
        // closes: if that costs the process its locks, the snapshot's pin is gone.
        boolean interrupted = random.nextBoolean() && batches > 0;
        CheckedReads.Held held = reads.open(keep, target, random, false, "the old writer's process, snapshot kept over a handover"
                + (interrupted ? " after 2 commits with the writing thread's interrupt flag set" : " (no interrupt)"));
        for (int u = 0; interrupted && u < 2; u++) {
            update(true);
        }
        acks.line("closing " + incarnation + " " + System.currentTimeMillis());
        db.close();
        acks.line("handed-over " + incarnation + " " + System.currentTimeMillis() + " " + batches);
        long until = batches + 8;
        long deadline = System.currentTimeMillis() + 20_000;
        boolean kept = held != null;
        while (kept && ChildLog.lastAcknowledgedBatches(acksFile) < until && System.currentTimeMillis() < deadline) {
            CheckedReads.pause(150);
            kept = reads.recheck(held, target, random, false);
        }
        if (held != null) {
            if (kept) {
                reads.recheck(held, target, random, false);
            }
            reads.close(held, target);
        }
        keep.close();
        log.line("retired " + System.currentTimeMillis());
        log.close();
        System.exit(0);
    }

    private void closeAndExit(int code) throws InterruptedException {
        acks.line("closing " + incarnation + " " + System.currentTimeMillis());
        stopChaos();
        try {
            db.close();
        } catch (RuntimeException e) {
            log.wrong(Check.ONLY_AN_INTERRUPTED_CALL_FAILS_AND_CLEARLY, "writer: closing after a failure threw " + e);
        }
        log.close();
        System.exit(code);
    }
}
