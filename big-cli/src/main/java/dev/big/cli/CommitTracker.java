package dev.big.cli;

import java.util.ArrayDeque;

/**
 * Which input rows a load has committed. RowReader are handed to the database in input order and
 * commit in whole batches (or bulk-load chunks), each reported by the database's progress
 * listener as a running total; so the committed rows are always a prefix of the rows handed over,
 * and only the rows since the last commit need remembering.
 *
 * <p>Thread-safe: a bulk load commits on a background thread, which reports through the listener
 * while the reading thread hands over the next rows.
 */
final class CommitTracker {

    private final ArrayDeque<RowPosition> uncommitted = new ArrayDeque<>();
    /** How commits happen, for the report: "a batch of 1,000 rows commits whole or not at all". */
    private final String commitRule;
    private RowPosition firstCommitted;
    private RowPosition lastCommitted;
    private long committed;

    CommitTracker(String commitRule) {
        this.commitRule = commitRule;
    }

    /** A row was handed to the database (it commits with its batch). */
    synchronized void handedOver(RowPosition position) {
        uncommitted.addLast(position);
    }

    /** The database refused the row just handed over (it was checked before buffering, so it is not in any batch). */
    synchronized void refusedLast() {
        uncommitted.removeLast();
    }

    /** The database says {@code total} rows are committed so far. */
    synchronized void committed(long total) {
        while (committed < total && !uncommitted.isEmpty()) {
            RowPosition position = uncommitted.removeFirst();
            if (firstCommitted == null) {
                firstCommitted = position;
            }
            lastCommitted = position;
            committed++;
        }
    }

    synchronized long committed() {
        return committed;
    }

    /** The row handed over last, or null if none was. */
    synchronized RowPosition lastHandedOver() {
        return uncommitted.isEmpty() ? lastCommitted : uncommitted.peekLast();
    }

    /**
     * What was and was not written when a load stopped at {@code stop}, and where to resume: the
     * second line of the error report.
     */
    synchronized String describeStop(RowPosition stop, boolean skippable) {
        long pending = uncommitted.size();
        StringBuilder text = new StringBuilder("stopped at ").append(stop).append(". ");
        if (committed == 0 && pending == 0) {
            return text.append("Nothing was loaded.").toString();
        }
        if (committed == 0) {
            text.append("Nothing was committed.");
        } else {
            text.append("Committed: ").append(rows(committed)).append(", ").append(range(firstCommitted, lastCommitted))
                    .append('.');
        }
        if (pending > 0) {
            text.append(" Not written: ").append(committed == 0 ? "the " : "the next ").append(rows(pending)).append(", ")
                    .append(range(uncommitted.peekFirst(), uncommitted.peekLast()))
                    .append(" (").append(commitRule).append(").");
        }
        RowPosition resume = pending > 0 ? uncommitted.peekFirst() : stop;
        text.append(" Fix the row and load again from ").append(resume)
                .append(skippable ? ", or pass --skip-bad FILE to set bad rows aside and go on." : ".");
        return text.toString();
    }

    private static String range(RowPosition first, RowPosition last) {
        return first.equals(last) ? first.toString() : first + " to " + last;
    }

    private static String rows(long n) {
        return Units.count(n) + (n == 1 ? " row" : " rows");
    }
}
