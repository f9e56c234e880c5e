package dev.big.reliability;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * When each writer process of one file had it open for writing, and the verdict on every write
 * open another process says succeeded: inside such a lifetime, it admitted a second writer.
 *
 * <p>A lifetime runs from the writer's {@code writing} (logged the moment {@code Db.open} returned,
 * so the lock was held by then) to its {@code closing} (logged before it closes) or to the last moment the
 * parent saw the process alive, whichever comes first: a process alive at that moment was alive
 * throughout, and held the lock throughout unless big let it go. Clocks are the one wall clock of
 * this machine. An open that ended after the last sighting of a writer still running waits for the
 * next sighting (or for the writer's end) before it is judged.
 */
final class WriterLifetimes {

    /** A write open a child says succeeded, tried between {@code fromMillis} and {@code toMillis}. */
    record Opened(String who, long fromMillis, long toMillis, String how) {}

    private static final class Lifetime {
        final String who;
        long openedMillis = Long.MAX_VALUE;
        long closingMillis = Long.MAX_VALUE;
        long seenAliveMillis;
        /** Killed or exited: not seen alive again. */
        boolean over;

        Lifetime(String who) {
            this.who = who;
        }

        long end() {
            return Math.min(closingMillis, seenAliveMillis);
        }

        /** Whether a write open between {@code from} and {@code to} falls inside this lifetime (so far). */
        boolean covers(long from, long to) {
            return openedMillis <= from && to <= end();
        }

        /** Whether this lifetime may yet grow to cover an open that began at {@code from}. */
        boolean mayCover(long from) {
            return openedMillis <= from && !over && closingMillis == Long.MAX_VALUE;
        }
    }

    private final Map<Integer, Lifetime> lifetimes = new HashMap<>();
    private final List<Opened> pending = new ArrayList<>();
    private long betweenWriters;

    /** Writer {@code writer} was started; {@code who} names it in findings. */
    void started(int writer, String who) {
        lifetimes.put(writer, new Lifetime(who));
    }

    /** Writer {@code writer} had its writing handle open at {@code millis}. */
    void writing(int writer, long millis) {
        lifetimes.get(writer).openedMillis = millis;
    }

    void closing(int writer, long millis) {
        Lifetime life = lifetimes.get(writer);
        life.closingMillis = Math.min(life.closingMillis, millis);
    }

    /** The parent saw the writer alive at {@code millis} (taken before it asked). */
    void seenAlive(int writer, long millis) {
        Lifetime life = lifetimes.get(writer);
        if (!life.over) {
            life.seenAliveMillis = millis;
        }
    }

    /** The writer is killed or gone: its lifetime ends at the last sighting. */
    void over(int writer) {
        lifetimes.get(writer).over = true;
    }

    boolean isWriting(int writer) {
        return lifetimes.get(writer).openedMillis != Long.MAX_VALUE;
    }

    /**
     * Whether {@code writer}, alive now, has had its writing handle open since before {@code fromMillis}
     * and has not said it closes it: a write open from elsewhere since then must have been refused.
     */
    boolean holdsSince(int writer, long fromMillis) {
        Lifetime life = lifetimes.get(writer);
        return !life.over && life.closingMillis == Long.MAX_VALUE && life.openedMillis <= fromMillis;
    }

    void opened(Opened open) {
        pending.add(open);
    }

    /** Whether some open still waits for its verdict. */
    boolean undecided() {
        return !pending.isEmpty();
    }

    /** Write opens that succeeded while no writer had the file: allowed. */
    long betweenWriters() {
        return betweenWriters;
    }

    /** Judges every open that can be judged now; returns a finding for each that admitted a second writer. */
    List<String> judge() {
        List<String> findings = new ArrayList<>();
        for (Iterator<Opened> it = pending.iterator(); it.hasNext(); ) {
            Opened open = it.next();
            String finding = null;
            boolean undecided = false;
            for (Map.Entry<Integer, Lifetime> e : lifetimes.entrySet()) {
                Lifetime life = e.getValue();
                if (life.covers(open.fromMillis(), open.toMillis())) {
                    finding = "a second writer was admitted: " + open.how() + " in " + open.who() + " opened the file for writing"
                            + " (between " + open.fromMillis() + " and " + open.toMillis() + " ms) while " + life.who
                            + " had it open for writing (from " + life.openedMillis + " ms, seen alive at " + life.seenAliveMillis
                            + " ms)";
                    break;
                }
                undecided |= life.mayCover(open.fromMillis());
            }
            if (finding != null) {
                findings.add(finding);
            } else if (undecided) {
                continue;
            } else {
                betweenWriters++;
            }
            it.remove();
        }
        return findings;
    }

    /** A new file: its writers start afresh. */
    void clear() {
        lifetimes.clear();
        pending.clear();
    }
}
