package dev.big.reliability;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a battery run did and found: counters ({@link Counter}), a verdict per check it made
 * ({@link BatteryCheck}: how often it held, how often it broke) and the findings, each naming its
 * check. Thread-safe: reader threads add to one tally. A tally belongs to one battery, whose name
 * goes into every finding made through it; {@link #addAll} gathers other batteries' tallies into one.
 */
public final class Tally {

    /** Findings kept in full; beyond this many only their number grows (one bug can repeat thousands of times). */
    private static final int KEPT_FINDINGS = 200;

    private final String battery;
    private final Map<Counter, LongAdder> counters = new EnumMap<>(Counter.class);
    /** Per check made: {held, broke}, in the order each check was first made. */
    private final Map<BatteryCheck, long[]> verdicts = new LinkedHashMap<>();
    private final List<Finding> findings = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private long lost;
    private long wrong;

    /** An empty tally for a run of {@code battery} (its name, as in findings), or for several batteries' tallies. */
    public Tally(String battery) {
        this.battery = battery;
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

    /** {@code check} was made once and held. */
    public void held(BatteryCheck check) {
        held(check, 1);
    }

    /** {@code check} was made {@code times} times and held each time (a child process's count). */
    public synchronized void held(BatteryCheck check, long times) {
        verdicts.computeIfAbsent(check, c -> new long[2])[0] += times;
    }

    /** {@code check} broke: acknowledged data is missing. */
    public synchronized void lost(BatteryCheck check, long seed, String what) {
        lost++;
        countBroken(check);
        keep(new Finding(Finding.Kind.LOST, battery, check, seed, what));
    }

    /** {@code check} broke: a wrong answer, an unclear or wrong kind of error, a hang, a changed file. */
    public synchronized void wrong(BatteryCheck check, long seed, String what) {
        wrong++;
        countBroken(check);
        keep(new Finding(Finding.Kind.WRONG, battery, check, seed, what));
    }

    private void countBroken(BatteryCheck check) {
        verdicts.computeIfAbsent(check, c -> new long[2])[1]++;
    }

    /** How many verdicts {@code check} got: the times it held and the times it broke. */
    public synchronized long made(BatteryCheck check) {
        long[] verdict = verdicts.getOrDefault(check, new long[2]);
        return verdict[0] + verdict[1];
    }

    /** How many times {@code check} broke. */
    public synchronized long broke(BatteryCheck check) {
        return verdicts.getOrDefault(check, new long[2])[1];
    }

    /** Every check made, in the order each was first made. */
    public synchronized List<BatteryCheck> checks() {
        return List.copyOf(verdicts.keySet());
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
        for (BatteryCheck check : other.checks()) {
            long[] verdict = verdicts.computeIfAbsent(check, c -> new long[2]);
            verdict[0] += other.made(check) - other.broke(check);
            verdict[1] += other.broke(check);
        }
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
        return describe(findings);
    }

    /** The findings of {@code check} as text, one per line, for an assertion message. */
    public synchronized String describeFindings(BatteryCheck check) {
        return describe(findings.stream().filter(f -> f.check().equals(check)).toList());
    }

    private String describe(List<Finding> kept) {
        StringBuilder text = new StringBuilder(lost + " lost, " + wrong + " wrong in all");
        for (Finding finding : kept) {
            text.append("\n  ").append(finding);
        }
        return text.toString();
    }
}
