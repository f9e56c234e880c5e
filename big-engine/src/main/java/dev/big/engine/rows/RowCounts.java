package dev.big.engine.rows;

import dev.big.engine.Fragment;
import dev.big.engine.Txn;
import dev.big.engine.Varints;
import dev.big.engine.coords.Coords;
import dev.big.engine.tree.Tree;
import dev.big.page.BigException;
import dev.big.page.MetaPage;
import dev.big.page.RootsPage;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The record count of every row of a rows fragment (view {@link Coords#VIEW_ROWS}: the values of
 * a bool, keyed or set field in one shard, or a table's existence), kept as the fragment's summary
 * in files of format {@link MetaPage#VERSION_ROW_COUNTS} and later, so that a one-value count, a
 * group count or a table's record count reads a few bytes beside the root instead of the cells of
 * every row. The write transaction keeps it exact: its trees report every change of a container's
 * cardinality, and the counts of a changed fragment are its committed counts plus those changes
 * ({@code WriteTxn}); whatever path wrote the bits, the counts follow. A fragment whose counts do
 * not fit a summary ({@link RootsPage#MAX_SUMMARY_BYTES}: a few hundred rows) keeps none, and its
 * readers count cells as before.
 *
 * <pre>
 * RowCounts  --&gt; Version:u8 = 1, Rows:varint, (RowGap:varint, Count:varint)^Rows
 * RowGap     --&gt; the row minus the previous row listed, minus one (the first: the row itself)
 * </pre>
 *
 * Rows are listed in ascending order, each with a count of at least one; an empty fragment's
 * summary is empty (no bytes). Varints are unsigned LEB128 ({@link Varints}).
 */
public final class RowCounts {

    public static final int VERSION_START = 1;
    public static final int VERSION_CURRENT = 1;

    /** No rows: the counts of an empty fragment. */
    public static final RowCounts EMPTY = new RowCounts(new long[0], new long[0]);

    /** Ascending rows with a record. */
    private final long[] rows;
    /** The record count of each of {@link #rows}, at least one. */
    private final long[] counts;

    private RowCounts(long[] rows, long[] counts) {
        this.rows = rows;
        this.counts = counts;
    }

    /**
     * The row counts fragment {@code fragmentKey} keeps in {@code txn}, or null when it keeps none
     * (a file of a format before {@link MetaPage#VERSION_ROW_COUNTS}, or a fragment of too many
     * rows): then count its cells. Decoded once per committed state.
     */
    public static RowCounts of(Txn txn, long fragmentKey) {
        if (txn.formatVersion() < MetaPage.VERSION_ROW_COUNTS || Coords.viewOf(fragmentKey) != Coords.VIEW_ROWS) {
            return null;
        }
        Object counts = txn.cached(new CachedKey(fragmentKey), k -> {
            byte[] summary = txn.summary(fragmentKey);
            if (summary.length == 0) {
                return txn.hasFragment(fragmentKey) ? NONE : EMPTY;
            }
            return decode(summary, txn.file(), fragmentKey);
        });
        return counts instanceof RowCounts kept ? kept : null;
    }

    private record CachedKey(long fragmentKey) {}

    /** What the cache holds for a fragment that keeps no counts (a cache holds no nulls). */
    private static final Object NONE = new Object();

    /** The records of row {@code row}. */
    public long count(long row) {
        int i = Arrays.binarySearch(rows, row);
        return i >= 0 ? counts[i] : 0;
    }

    /** How many rows have a record. */
    public int rows() {
        return rows.length;
    }

    /** The {@code i}th row with a record, in ascending order. */
    public long row(int i) {
        return rows[i];
    }

    /** The records of the {@code i}th row with a record. */
    public long countAt(int i) {
        return counts[i];
    }

    /** These counts changed by {@code changes} (row to the records it gained, negative for lost). */
    public RowCounts plus(Map<Long, Long> changes, String file, long fragmentKey) {
        if (changes.isEmpty()) {
            return this;
        }
        TreeMap<Long, Long> merged = new TreeMap<>();
        for (int i = 0; i < rows.length; i++) {
            merged.put(rows[i], counts[i]);
        }
        for (Map.Entry<Long, Long> change : changes.entrySet()) {
            long count = merged.getOrDefault(change.getKey(), 0L) + change.getValue();
            if (count < 0) {
                throw new BigException(file + ": fragment " + Long.toHexString(fragmentKey) + " keeps " + (count - change.getValue())
                        + " records in row " + change.getKey() + " and a write removed " + -change.getValue()
                        + ": its row counts disagree with its bits; run `big check` on the file");
            }
            if (count == 0) {
                merged.remove(change.getKey());
            } else {
                merged.put(change.getKey(), count);
            }
        }
        return of(merged);
    }

    /** The counts of {@code byRow} (ascending rows, each with a count of at least one). */
    private static RowCounts of(TreeMap<Long, Long> byRow) {
        long[] rows = new long[byRow.size()];
        long[] counts = new long[byRow.size()];
        int i = 0;
        for (Map.Entry<Long, Long> e : byRow.entrySet()) {
            rows[i] = e.getKey();
            counts[i++] = e.getValue();
        }
        return new RowCounts(rows, counts);
    }

    /**
     * The counts of {@code fragment}'s rows, read from its cells (their cardinalities: no container
     * is read): what a fragment's summary is built from when a file is migrated, and what a check
     * compares it with.
     */
    public static RowCounts countCells(Fragment fragment) {
        TreeMap<Long, Long> byRow = new TreeMap<>();
        Tree.of(fragment).forEachCell(0, -1L, view -> {
            byRow.merge(Coords.rowOfKey(view.key()), (long) view.cardinality(), Long::sum);
            return true;
        });
        byRow.values().removeIf(count -> count == 0);
        return of(byRow);
    }

    /** The summary bytes; none when there are no rows, and null when they do not fit a summary. */
    public byte[] encode() {
        if (rows.length == 0) {
            return new byte[0];
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(2 + 4 * rows.length);
        out.write(VERSION_CURRENT);
        Varints.write(out, rows.length);
        long previous = -1;
        for (int i = 0; i < rows.length; i++) {
            Varints.write(out, rows[i] - previous - 1);
            Varints.write(out, counts[i]);
            previous = rows[i];
        }
        return out.size() > RootsPage.MAX_SUMMARY_BYTES ? null : out.toByteArray();
    }

    /** Decodes a summary of {@code fragmentKey} in {@code file}; refuses one that is not row counts. */
    public static RowCounts decode(byte[] summary, String file, long fragmentKey) {
        if (summary.length == 0) {
            return EMPTY;
        }
        int version = summary[0] & 0xFF;
        if (version < VERSION_START || version > VERSION_CURRENT) {
            throw new BigException(file + ": fragment " + Long.toHexString(fragmentKey) + " has row counts of version " + version
                    + "; this build reads versions " + VERSION_START + " to " + VERSION_CURRENT);
        }
        Varints.Reader in = new Varints.Reader(summary, 1, file + ": the row counts of fragment " + Long.toHexString(fragmentKey));
        int n = Math.toIntExact(in.next());
        if (n <= 0 || n > summary.length) {
            throw new BigException(file + ": fragment " + Long.toHexString(fragmentKey) + " has row counts of " + n
                    + " rows in " + summary.length + " bytes: the summary is damaged; run `big check` on the file");
        }
        long[] rows = new long[n];
        long[] counts = new long[n];
        long previous = -1;
        for (int i = 0; i < n; i++) {
            rows[i] = previous + 1 + in.next();
            counts[i] = in.next();
            previous = rows[i];
        }
        if (in.position() != summary.length) {
            throw new BigException(file + ": fragment " + Long.toHexString(fragmentKey) + " has " + (summary.length - in.position())
                    + " bytes after its row counts: the summary is damaged; run `big check` on the file");
        }
        return new RowCounts(rows, counts);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RowCounts other && Arrays.equals(rows, other.rows) && Arrays.equals(counts, other.counts);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(rows) + Arrays.hashCode(counts);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("{");
        for (int i = 0; i < rows.length; i++) {
            text.append(i == 0 ? "" : ", ").append(rows[i]).append('=').append(counts[i]);
        }
        return text.append('}').toString();
    }
}
