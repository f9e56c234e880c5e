package dev.big.reliability;

import dev.big.db.Db;
import dev.big.db.Snapshot;
import dev.big.page.BigException;
import dev.big.page.CorruptPageException;
import dev.big.page.DatabaseClosedException;
import dev.big.page.DatabaseLockedException;
import dev.big.reliability.MultiProcessBattery.Check;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * The reads a process of the multi-process battery makes of a file another process writes, each
 * checked, and the verdict on every failure. One instance per process; its loops run on any
 * number of threads, each with its own random source and {@link Interrupter.Target}.
 *
 * <p>Every snapshot is checked three ways: its answers are one commit of the workload
 * ({@link BatchWindow#observe}); it is at least as new as every batch acknowledged before the read
 * began and every commit another read of this process saw before it began (a read-only handle
 * follows its writer); and, when asked again later, it gives the same answers (the pages a
 * snapshot can see are not reused while it is open), after the writer committed more meanwhile.
 *
 * <p>The verdict on a failed call ({@link #judge}): allowed only if that very call was interrupted
 * (its thread's interrupt arrived inside it, or the thread set its own flag before it) and it failed
 * with a clear {@link BigException}, other than {@link CorruptPageException} (a healthy file has no
 * corrupt pages) and {@link DatabaseClosedException} (nobody closed the handle). A call that was not
 * interrupted never fails, whatever happens to other threads; nothing ever fails with anything but a
 * {@code BigException}. A read-only {@code read()} may refuse with "try again" when the writer
 * commits faster than it can pin a snapshot: allowed, counted apart ({@code busy}).
 */
final class CheckedReads {

    /** A snapshot held open, with what it answered first and what this process had done by then. */
    record Held(Snapshot snapshot, BatchWindow.Observation first, String how, long[] eventsAtOpen) {}

    /** What this process does that might unpin its snapshots, as counted in its log. */
    private static final List<String> EVENTS = List.of("interrupts", "writer-interrupts", "short-handles", "refused", "opened");

    /**
     * What a process does besides reading, each of which must leave its snapshots pinned: its
     * threads interrupted (and setting their own flag before calls); short-lived read-only handles
     * opened and closed while a snapshot of another handle is held; write opens tried (refused while
     * another process writes) while a snapshot is held. Chosen per process, so that a broken promise
     * in a process that does only one of them names the culprit.
     */
    record Ingredients(boolean interrupts, boolean handles, boolean writeOpens) {

        static Ingredients parse(String text) {
            List<String> names = List.of(text.split(","));
            return new Ingredients(names.contains("interrupts"), names.contains("handles"), names.contains("opens"));
        }

        String text() {
            List<String> names = new ArrayList<>();
            if (interrupts) {
                names.add("interrupts");
            }
            if (handles) {
                names.add("handles");
            }
            if (writeOpens) {
                names.add("opens");
            }
            return names.isEmpty() ? "none" : String.join(",", names);
        }
    }

    private final Path file;
    private final Path acks;
    private final ChildLog log;
    /** The text a write open of this process must be refused with ("another process", or "in this process" in the writer's). */
    private final String refusalSays;
    private final Ingredients ingredients;
    /** Write opens of this process in progress: while one holds the lock, another is refused "in this process". */
    private final java.util.concurrent.atomic.AtomicInteger writeOpensInFlight = new java.util.concurrent.atomic.AtomicInteger();
    /** The newest batch count any read of this process has seen (reads that begin later must see at least that). */
    private final AtomicLong seen = new AtomicLong();

    CheckedReads(Path file, Path acks, ChildLog log, String refusalSays, Ingredients ingredients) {
        this.file = file;
        this.acks = acks;
        this.log = log;
        this.refusalSays = refusalSays;
        this.ingredients = ingredients;
    }

    /** Whether this thread should set its own interrupt flag before the next call (1 in {@code odds}). */
    private boolean selfInterrupt(SplittableRandom random, int odds) {
        return ingredients.interrupts() && random.nextInt(odds) == 0;
    }

    /**
     * Opens a snapshot of {@code handle} and checks it, or returns null if that failed (as allowed,
     * or reported). Sets the thread's own interrupt flag first when {@code interruptFirst}.
     */
    Held open(Db handle, Interrupter.Target target, SplittableRandom random, boolean interruptFirst, String how) {
        long floor = Math.max(seen.get(), ChildLog.lastAcknowledgedBatches(acks));
        List<String> problems = new ArrayList<>();
        long[] reads = new long[1];
        Snapshot snapshot = null;
        BatchWindow.Observation first;
        target.arm();
        try {
            if (interruptFirst) {
                target.interruptSelf();
            }
            snapshot = handle.read();
            first = BatchWindow.observe(snapshot, random, problems, reads);
        } catch (RuntimeException | Error e) {
            boolean interrupted = target.disarm();
            if (snapshot != null) {
                closeQuietly(snapshot);
            }
            judge(how + " read()", e, interrupted);
            return null;
        }
        target.disarm();
        log.held(Check.ONLY_AN_INTERRUPTED_CALL_FAILS_AND_CLEARLY);
        log.add("reads", reads[0]);
        if (!problems.isEmpty()) {
            log.wrong(Check.A_SNAPSHOT_IS_ONE_COMMIT_OF_THE_WORKLOAD, how + ": " + summary(problems));
        } else {
            log.held(Check.A_SNAPSHOT_IS_ONE_COMMIT_OF_THE_WORKLOAD);
        }
        if (first.batches() < floor) {
            log.wrong(Check.A_READ_SEES_EVERY_ACKNOWLEDGED_BATCH, how + ": a read that began after " + floor + " batches were"
                    + " acknowledged (or seen by this process) shows " + first + ": it missed acknowledged commits");
        } else {
            log.held(Check.A_READ_SEES_EVERY_ACKNOWLEDGED_BATCH);
        }
        seen.accumulateAndGet(first.batches(), Math::max);
        return new Held(snapshot, first, how, events());
    }

    /** The problems one ask of a snapshot found, as one finding: the first three, and how many in all. */
    private static String summary(List<String> problems) {
        String first = String.join("; ", problems.subList(0, Math.min(3, problems.size())));
        return problems.size() <= 3 ? first : first + "; and " + (problems.size() - 3) + " more wrong answers";
    }

    private long[] events() {
        return EVENTS.stream().mapToLong(log::count).toArray();
    }

    /** What this process did since {@code held} was opened: the suspects when its answers change. */
    private String eventsSince(Held held) {
        long[] now = events();
        List<String> done = new ArrayList<>();
        String[] names = {"thread interrupts", "interrupts of the writing thread", "short-lived handles closed",
            "write opens refused", "write opens that succeeded (no writer then)"};
        for (int i = 0; i < now.length; i++) {
            if (now[i] > held.eventsAtOpen()[i]) {
                done.add(names[i] + " " + (now[i] - held.eventsAtOpen()[i]));
            }
        }
        return "since it was opened, this process had " + (done.isEmpty() ? "none of interrupts, short-lived handles, write opens"
                : String.join(", ", done));
    }

    /**
     * Asks a held snapshot again: the same aggregates as at first, and new random probes that must
     * agree with them. Counted as a snapshot re-checked when the writer acknowledged a batch beyond it.
     * Returns false if the snapshot broke its promise (asking it again would only repeat that).
     */
    boolean recheck(Held held, Interrupter.Target target, SplittableRandom random, boolean interruptFirst) {
        long ackedBefore = ChildLog.lastAcknowledgedBatches(acks);
        List<String> problems = new ArrayList<>();
        long[] reads = new long[1];
        BatchWindow.Observation again;
        target.arm();
        try {
            if (interruptFirst) {
                target.interruptSelf();
            }
            again = BatchWindow.observe(held.snapshot(), random, problems, reads);
        } catch (RuntimeException | Error e) {
            boolean interrupted = target.disarm();
            if (interrupted && clearFailure(e)) {
                log.failedByInterrupt(held.how() + ": asking a held snapshot again", e);
                return true;
            }
            log.wrong(Check.A_HELD_SNAPSHOT_KEEPS_ITS_ANSWERS, held.how() + ": asking a held snapshot again " + (interrupted
                    ? "(interrupted)" : "(not interrupted)") + " threw " + e + "; " + eventsSince(held) + stackTop(e));
            return false;
        }
        target.disarm();
        log.add("reads", reads[0]);
        if (!problems.isEmpty()) {
            log.wrong(Check.A_SNAPSHOT_IS_ONE_COMMIT_OF_THE_WORKLOAD, held.how() + ", the same snapshot asked again: "
                    + summary(problems) + "; " + eventsSince(held));
        } else {
            log.held(Check.A_SNAPSHOT_IS_ONE_COMMIT_OF_THE_WORKLOAD);
        }
        if (!again.equals(held.first())) {
            log.wrong(Check.A_HELD_SNAPSHOT_KEEPS_ITS_ANSWERS, held.how() + ": one open snapshot first answered " + held.first()
                    + ", then " + again + " (" + ackedBefore + " batches acknowledged by then): its pages were reused under it; "
                    + eventsSince(held));
            return false;
        }
        log.held(Check.A_HELD_SNAPSHOT_KEEPS_ITS_ANSWERS);
        if (ackedBefore > held.first().batches()) {
            log.increment("rechecks");
        }
        return problems.isEmpty();
    }

    void close(Held held, Interrupter.Target target) {
        target.arm();
        try {
            held.snapshot().close();
        } catch (RuntimeException | Error e) {
            judge(held.how() + ": closing a snapshot", e, target.disarm());
            return;
        }
        target.disarm();
    }

    /**
     * Opens a new read-only handle, reads through it, closes it: what {@code big query} does, and,
     * while another handle of this process holds a snapshot, what must not unpin that snapshot.
     */
    void shortLivedRead(Interrupter.Target target, SplittableRandom random, String how) {
        Db handle;
        target.arm();
        try {
            if (selfInterrupt(random, 10)) {
                target.interruptSelf();
            }
            handle = Db.openReadOnly(file);
        } catch (RuntimeException | Error e) {
            judge(how + ": Db.openReadOnly", e, target.disarm());
            return;
        }
        target.disarm();
        Held held = open(handle, target, random, selfInterrupt(random, 8), how);
        if (held != null) {
            pause(random.nextInt(40));
            recheck(held, target, random, false);
            close(held, target);
        }
        target.arm();
        try {
            handle.close();
        } catch (RuntimeException | Error e) {
            judge(how + ": closing a read-only handle", e, target.disarm());
            return;
        }
        target.disarm();
        log.increment("short-handles");
    }

    /**
     * {@code Db.open} for writing, which must be refused while another writer has the file; a
     * success is reported with the moments it was tried between, for the parent to judge against
     * the writer's lifetime (between two writers, a write open may succeed). Not interrupted.
     */
    void writeOpen(String how) {
        writeOpensInFlight.incrementAndGet();
        long before = System.currentTimeMillis();
        try {
            Db writer = Db.open(file);
            try {
                log.line("opened " + before + " " + System.currentTimeMillis() + " " + how);
                log.increment("opened");
            } finally {
                writer.close();
            }
        } catch (DatabaseLockedException e) {
            boolean mineHoldsIt = e.getMessage().contains("in this process") && writeOpensInFlight.get() > 1;
            if (e.getMessage().contains(refusalSays) || mineHoldsIt) {
                log.increment("refused");
                log.held(Check.A_WRITE_OPEN_IS_REFUSED_CLEARLY);
            } else {
                log.wrong(Check.A_WRITE_OPEN_IS_REFUSED_CLEARLY, how + ": a write open was refused with an unclear message: "
                        + e.getMessage());
            }
        } catch (RuntimeException | Error e) {
            log.wrong(Check.A_WRITE_OPEN_IS_REFUSED_CLEARLY, how + ": a write open of a file another process writes threw " + e
                    + ", not DatabaseLockedException");
        } finally {
            writeOpensInFlight.decrementAndGet();
        }
    }

    /**
     * Holds snapshots of {@code handle} a while, asking each again 2 to 5 times; in between, as the
     * process's ingredients say, a short-lived handle is opened, read and closed, or a write open
     * refused, in this same thread, so they happen while this process has a live snapshot.
     */
    void holdLoop(Db handle, Interrupter.Target target, SplittableRandom random, BooleanSupplier running, String how) {
        while (running.getAsBoolean()) {
            guard(how, () -> {
                Held held = open(handle, target, random, selfInterrupt(random, 8), how + " (held snapshot)");
                if (held == null) {
                    pause(20);
                    return;
                }
                int rounds = 2 + random.nextInt(4);
                for (int round = 0; round < rounds && running.getAsBoolean(); round++) {
                    int action = random.nextInt(4);
                    if (action == 0 && ingredients.handles()) {
                        shortLivedRead(target, random, how + " (short-lived handle beside a held snapshot)");
                    } else if (action == 1 && ingredients.writeOpens()) {
                        writeOpen(how + " (beside a held snapshot)");
                    }
                    pause(40 + random.nextInt(200));
                    if (!recheck(held, target, random, selfInterrupt(random, 6))) {
                        break;
                    }
                }
                close(held, target);
            });
        }
    }

    /** A fresh snapshot of {@code handle} per read, now and then asked twice. */
    void followLoop(Db handle, Interrupter.Target target, SplittableRandom random, BooleanSupplier running, String how) {
        while (running.getAsBoolean()) {
            guard(how, () -> {
                Held held = open(handle, target, random, selfInterrupt(random, 8), how);
                if (held != null) {
                    if (random.nextInt(4) == 0) {
                        pause(random.nextInt(50));
                        recheck(held, target, random, false);
                    }
                    close(held, target);
                }
                pause(20 + random.nextInt(60));
            });
        }
    }

    /** A fresh read-only handle per read; now and then a write open (if an ingredient), which must be refused. */
    void shortLoop(Interrupter.Target target, SplittableRandom random, BooleanSupplier running, String how) {
        while (running.getAsBoolean()) {
            guard(how, () -> {
                shortLivedRead(target, random, how);
                if (ingredients.writeOpens() && random.nextInt(10) == 0) {
                    writeOpen(how);
                }
                pause(20 + random.nextInt(60));
            });
        }
    }

    void judge(String operation, Throwable e, boolean interrupted) {
        judge(log, operation, e, interrupted);
    }

    /** Write opens now and then, and nothing else. */
    void writeOpenLoop(SplittableRandom random, BooleanSupplier running, String how) {
        while (running.getAsBoolean()) {
            guard(how, () -> {
                writeOpen(how);
                pause(100 + random.nextInt(300));
            });
        }
    }

    /** Allowed: the interrupted call itself failing clearly. Anything else is reported. */
    static void judge(ChildLog log, String operation, Throwable e, boolean interrupted) {
        if (e instanceof BigException && e.getMessage() != null && e.getMessage().contains("try again")
                && !(e instanceof CorruptPageException)) {
            log.increment("busy");
        } else if (interrupted && clearFailure(e)) {
            log.failedByInterrupt(operation, e);
        } else {
            log.wrong(Check.ONLY_AN_INTERRUPTED_CALL_FAILS_AND_CLEARLY, operation + (interrupted ? " (interrupted)"
                    : " (not interrupted)") + " threw " + e + stackTop(e));
        }
    }

    /** A failure an interrupted call may end with: a {@code BigException} that says what happened. */
    static boolean clearFailure(Throwable e) {
        return e instanceof BigException && !(e instanceof CorruptPageException) && !(e instanceof DatabaseClosedException)
                && e.getMessage() != null && !e.getMessage().isBlank();
    }

    static String stackTop(Throwable e) {
        StringBuilder text = new StringBuilder();
        StackTraceElement[] stack = e.getStackTrace();
        for (int i = 0; i < Math.min(6, stack.length); i++) {
            text.append(" | at ").append(stack[i]);
        }
        Throwable cause = e.getCause();
        if (cause != null && cause != e) {
            text.append(" | caused by ").append(cause);
        }
        return text.toString();
    }

    /** Runs one step of a loop; a thread of the battery must never die of what it checks. */
    private void guard(String how, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException | Error e) {
            log.wrong(Check.EVERY_PROCESS_RUNS_AS_PLANNED, how + ": the reading thread itself failed with " + e + stackTop(e));
            Thread.interrupted();
            pause(100);
        }
    }

    private static void closeQuietly(Snapshot snapshot) {
        try {
            snapshot.close();
        } catch (RuntimeException e) {
            // The failure that matters was the read's.
        }
    }

    static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
