package dev.big.reliability;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a battery run did and found: counters ({@link Counter}) and findings. Thread-safe: reader
 * threads and batteries running side by side add to one tally.
 */
public final class Tally {

    /** Findings kept in full; beyond this many only their number grows (one bug can repeat thousands of times). */
    private static final int KEPT_FINDINGS = 200;

    private final Map<Counter, LongAdder> counters = new EnumMap<>(Counter.class);
    private final List<Finding> findings = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private long lost;
    private long wrong;

    public Tally() {
        for (Counter counter : Counter.values()) {
            counters.put(counter, new LongAdder());
        }
    }

    public void add(Counter counter, long n) {
        counters.get(counter).add(n);
    }

    public void increment(Counter counter) {
        counters.get(counter).increment();
    }

    public long get(Counter counter) {
        return counters.get(counter).sum();
    }

    public synchronized void lost(String battery, long seed, String what) {
        lost++;
        keep(new Finding(Finding.Kind.LOST, battery, seed, what));
    }

    public synchronized void wrong(String battery, long seed, String what) {
        wrong++;
        keep(new Finding(Finding.Kind.WRONG, battery, seed, what));
    }

    /** A measured figure worth printing with the summary (latencies, file sizes), not a count. */
    public synchronized void note(String note) {
        if (notes.size() < KEPT_FINDINGS) {
            notes.add(note);
        }
    }

    public synchronized List<String> notes() {
        return List.copyOf(notes);
    }

    private void keep(Finding finding) {
        if (findings.size() < KEPT_FINDINGS) {
            findings.add(finding);
        }
        System.err.println("FINDING " + finding);
    }

    public synchronized long lost() {
        return lost;
    }

    public synchronized long wrong() {
        return wrong;
    }

    public synchronized List<Finding> findings() {
        return List.copyOf(findings);
    }

    /** Adds everything {@code other} counted and found. */
    public synchronized void addAll(Tally other) {
        for (Counter counter : Counter.values()) {
            add(counter, other.get(counter));
        }
        lost += other.lost();
        wrong += other.wrong();
        for (String note : other.notes()) {
            note(note);
        }
        for (Finding finding : other.findings()) {
            if (findings.size() < KEPT_FINDINGS) {
                findings.add(finding);
            }
        }
    }

    /** The findings as text, one per line, for an assertion message. */
    public synchronized String describeFindings() {
        StringBuilder text = new StringBuilder(lost + " lost, " + wrong + " wrong");
        for (Finding finding : findings) {
            text.append("\n  ").append(finding);
        }
        return text.toString();
    }
}
