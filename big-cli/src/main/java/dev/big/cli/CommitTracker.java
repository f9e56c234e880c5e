package dev.big.cli;

/**
 * Which input rows a load has committed. RowReader are handed to the database in input order and
 * commit in whole batches (or bulk-load chunks), each reported by the database's progress
 * listener as a running total; so the committed rows are always a prefix of the rows handed over,
 * and only the rows since the last commit need remembering.
 *
 * <p>The rows since the last commit are kept as (file, line) pairs in two ring arrays, not an object
 * each: a bulk load hands over millions of rows, up to two chunks of them uncommitted at a time.
 *
 * <p>Thread-safe: a bulk load commits on a background thread, which reports through the listener
 * while the reading thread hands over the next rows.
 */
final class CommitTracker {

    /** The uncommitted rows' files (the same instance for the rows of one file) and lines, from {@code head}, {@code size} of them. */
    private String[] files = new String[1024];
    private long[] lines = new long[1024];
    private int head;
    private int size;
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
        handedOver(position.file(), position.line());
    }

    /** The row of {@code file} starting on {@code line} was handed to the database. */
    synchronized void handedOver(String file, long line) {
        if (size == lines.length) {
            grow();
        }
        int at = (head + size) % lines.length;
        files[at] = file;
        lines[at] = line;
        size++;
    }

    private void grow() {
        String[] newFiles = new String[files.length * 2];
        long[] newLines = new long[lines.length * 2];
        for (int i = 0; i < size; i++) {
            newFiles[i] = files[(head + i) % files.length];
            newLines[i] = lines[(head + i) % lines.length];
        }
        files = newFiles;
        lines = newLines;
        head = 0;
    }

    /** The database refused the row just handed over (it was checked before buffering, so it is not in any batch). */
    synchronized void refusedLast() {
        size--;
    }

    /** The database says {@code total} rows are committed so far. */
    synchronized void committed(long total) {
        long newly = Math.min(total - committed, size);
        if (newly <= 0) {
            return;
        }
        if (firstCommitted == null) {
            firstCommitted = uncommitted(0);
        }
        lastCommitted = uncommitted((int) newly - 1);
        head = (int) ((head + newly) % lines.length);
        size -= (int) newly;
        committed += newly;
    }

    /** The {@code i}th uncommitted row's position. */
    private RowPosition uncommitted(int i) {
        int at = (head + i) % lines.length;
        return new RowPosition(files[at], lines[at]);
    }

    synchronized long committed() {
        return committed;
    }

    /** The row handed over last, or null if none was. */
    synchronized RowPosition lastHandedOver() {
        return size == 0 ? lastCommitted : uncommitted(size - 1);
    }

    /**
     * What was and was not written when a load stopped at {@code stop}, and where to resume: the
     * second line of the error report.
     */
    synchronized String describeStop(RowPosition stop, boolean skippable) {
        long pending = size;
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
                    .append(range(uncommitted(0), uncommitted(size - 1)))
                    .append(" (").append(commitRule).append(").");
        }
        RowPosition resume = pending > 0 ? uncommitted(0) : stop;
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
