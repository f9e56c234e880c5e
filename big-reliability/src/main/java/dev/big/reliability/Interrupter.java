package dev.big.reliability;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Interrupts threads of this process at random moments, but only inside their <em>armed</em>
 * sections (calls into big), so the battery's own bookkeeping (its logs, its sleeps) never sees an
 * interrupt. A thread can also set its own interrupt flag before a call ({@link Target#interruptSelf}),
 * which makes the call's first interruptible channel operation fail at once.
 *
 * <p>Whether a call was interrupted is known exactly: an interrupt is delivered only under the
 * target's lock while it is armed, and {@link Target#disarm()} takes the same lock, then clears the
 * flag. That is what lets a child tell an allowed failure (the interrupted call itself failing with
 * a clear {@code BigException}) from a broken promise (a call that was not interrupted failing,
 * because an interrupt of another thread broke something they share).
 */
final class Interrupter {

    /** A thread that can be interrupted, and what happened to its current armed section. */
    static final class Target {
        private final Thread thread;
        private final ChildLog log;
        private final String counter;
        private boolean armed;
        private boolean interrupted;

        private Target(Thread thread, ChildLog log, String counter) {
            this.thread = thread;
            this.log = log;
            this.counter = counter;
        }

        /** Starts a section in which this thread may be interrupted. */
        synchronized void arm() {
            armed = true;
            interrupted = false;
        }

        /** Ends the section and clears the thread's interrupt flag; returns whether the section was interrupted. */
        boolean disarm() {
            boolean was;
            synchronized (this) {
                armed = false;
                was = interrupted;
            }
            return Thread.interrupted() | was;
        }

        /** Sets this thread's own interrupt flag (inside an armed section), counted as one interrupt. */
        void interruptSelf() {
            synchronized (this) {
                interrupted = true;
            }
            log.increment(counter);
            Thread.currentThread().interrupt();
        }

        private synchronized boolean interruptIfArmed() {
            if (!armed) {
                return false;
            }
            interrupted = true;
            log.increment(counter);
            thread.interrupt();
            return true;
        }
    }

    private final List<Target> targets = new CopyOnWriteArrayList<>();
    private final ChildLog log;
    private final String counter;
    private final SplittableRandom random;
    private final int minGapMillis;
    private final int maxGapMillis;
    private volatile boolean stopped;
    private Thread thread;

    /**
     * Interrupts one armed target every {@code minGapMillis} to {@code maxGapMillis}, counting the
     * interrupts into {@code log} under {@code counter}, and the milliseconds it has run under
     * {@code counter + ".millis"}: the time its interrupts had, which a loaded machine cuts short
     * (a child's JVM starts late, and is killed on the battery's clock all the same).
     */
    Interrupter(ChildLog log, String counter, long seed, int minGapMillis, int maxGapMillis) {
        this.log = log;
        this.counter = counter;
        this.random = new SplittableRandom(seed);
        this.minGapMillis = minGapMillis;
        this.maxGapMillis = maxGapMillis;
    }

    /** {@code thread}, counted under this interrupter's counter when interrupted. */
    Target register(Thread thread) {
        Target target = new Target(thread, log, counter);
        targets.add(target);
        return target;
    }

    void start() {
        thread = Thread.ofPlatform().daemon().name("interrupter").start(() -> {
            long startedNanos = System.nanoTime();
            long countedMillis = 0;
            while (!stopped) {
                try {
                    Thread.sleep(minGapMillis + random.nextInt(maxGapMillis - minGapMillis + 1));
                } catch (InterruptedException e) {
                    return;
                }
                long ranMillis = (System.nanoTime() - startedNanos) / 1_000_000;
                log.add(counter + ".millis", ranMillis - countedMillis);
                countedMillis = ranMillis;
                // Several tries, so a target that happens to be unarmed does not skip the turn.
                for (int attempt = 0; attempt < 4 && !targets.isEmpty(); attempt++) {
                    if (targets.get(random.nextInt(targets.size())).interruptIfArmed()) {
                        break;
                    }
                }
            }
        });
    }

    void stop() throws InterruptedException {
        stopped = true;
        if (thread != null) {
            thread.interrupt();
            thread.join();
        }
    }
}
