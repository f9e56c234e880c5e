package dev.big.reliability;

import dev.big.db.Db;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A reader JVM of the multi-process battery: reads a file another process writes
 * ({@link MultiProcessWriterChild}), checks every answer ({@link CheckedReads}) and reports to its
 * {@link ChildLog} until it is killed. With the {@code interrupts} ingredient its threads are
 * interrupted at random inside their calls into big, and set their own interrupt flag before some
 * of them; with {@code handles}, short-lived handles are opened and closed beside held snapshots;
 * with {@code opens}, write opens are tried beside them ({@link CheckedReads.Ingredients}).
 *
 * <p>Roles:
 * <ul>
 *   <li>{@code long}: one long-lived read-only handle. A thread holds snapshots of it and asks each
 *       again several times while the writer commits (opening and closing a second read-only handle,
 *       or trying a write open, in between, as the ingredients say); another reads a fresh snapshot
 *       of the same handle per read; a third, with {@code handles}, opens and closes handles of its
 *       own meanwhile (and tries write opens, with {@code opens}), or with {@code opens} alone only
 *       tries write opens.</li>
 *   <li>{@code short}: no long-lived handle; two threads each open a fresh read-only handle per read
 *       (as {@code big query} does), so one closes while the other is mid-read; with {@code opens},
 *       now and then a write open.</li>
 *   <li>{@code idle}: opens a read-only handle, reads one snapshot, closes the snapshot and then
 *       does nothing, handle open: the writer must go on reusing pages (it is not interrupted).</li>
 * </ul>
 *
 * <p>Arguments: role, ingredients ({@code interrupts,handles,opens}, any of them, or {@code none}),
 * database file, the writer's acknowledgement log, this child's log, seed.
 */
public final class MultiProcessReaderChild {

    public static void main(String[] args) throws Exception {
        String role = args[0];
        CheckedReads.Ingredients ingredients = CheckedReads.Ingredients.parse(args[1]);
        Path file = Path.of(args[2]);
        Path acks = Path.of(args[3]);
        ChildLog log = new ChildLog(Path.of(args[4]));
        SplittableRandom random = new SplittableRandom(Long.parseLong(args[5]));
        CheckedReads reads = new CheckedReads(file, acks, log, "locked by another process", ingredients);
        Interrupter interrupter = new Interrupter(log, "interrupts", random.nextLong(), 5, 60);
        List<Thread> threads = new ArrayList<>();
        switch (role) {
            case "long" -> {
                Db handle = Db.openReadOnly(file);
                threads.add(reader("holder", interrupter, random,
                        (target, r) -> reads.holdLoop(handle, target, r, () -> true, "long-lived handle")));
                threads.add(reader("follower", interrupter, random,
                        (target, r) -> reads.followLoop(handle, target, r, () -> true, "long-lived handle, fresh snapshots")));
                if (ingredients.handles()) {
                    threads.add(reader("opener", interrupter, random,
                            (target, r) -> reads.shortLoop(target, r, () -> true, "short-lived handle beside a long-lived one")));
                } else if (ingredients.writeOpens()) {
                    threads.add(reader("opener", interrupter, random,
                            (target, r) -> reads.writeOpenLoop(r, () -> true, "write open beside a long-lived handle")));
                }
            }
            case "short" -> {
                for (int t = 0; t < 2; t++) {
                    threads.add(reader("short-" + t, interrupter, random,
                            (target, r) -> reads.shortLoop(target, r, () -> true, "short-lived handle")));
                }
            }
            case "idle" -> {
                idle(file, reads, log, random);
                return;
            }
            default -> throw new IllegalArgumentException("unknown role " + role);
        }
        log.line("started " + role + " " + ingredients.text());
        if (ingredients.interrupts()) {
            interrupter.start();
        }
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    @FunctionalInterface
    private interface Loop {
        void run(Interrupter.Target target, SplittableRandom random);
    }

    /** An unstarted reading thread, registered with the interrupter, with its own random source. */
    private static Thread reader(String name, Interrupter interrupter, SplittableRandom random, Loop loop) {
        SplittableRandom own = random.split();
        Interrupter.Target[] target = new Interrupter.Target[1];
        Thread thread = Thread.ofPlatform().name(name).unstarted(() -> loop.run(target[0], own));
        target[0] = interrupter.register(thread);
        return thread;
    }

    /** Reads once, closes the snapshot, then idles with the handle open until killed. */
    private static void idle(Path file, CheckedReads reads, ChildLog log, SplittableRandom random) throws InterruptedException {
        Db handle = Db.openReadOnly(file);
        Interrupter idle = new Interrupter(log, "interrupts", 0, 1, 1);
        Interrupter.Target target = idle.register(Thread.currentThread());
        CheckedReads.Held held = reads.open(handle, target, random, false, "idle reader");
        if (held != null) {
            reads.close(held, target);
        }
        log.line("idle " + System.currentTimeMillis() + " " + (held == null ? -1 : held.first().txid()));
        log.flushCounts();
        Thread.sleep(Long.MAX_VALUE);
    }

    private MultiProcessReaderChild() {}
}
