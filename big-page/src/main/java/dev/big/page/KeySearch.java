package dev.big.page;

import static dev.big.page.PageFormat.LE_LONG;

import java.lang.foreign.MemorySegment;

/**
 * Binary search over u64 keys sorted in unsigned order, in either of the two places trees keep
 * them: the entries of a tree page (a leaf's cells and a branch's child links are both
 * {@link #ENTRY_BYTES}-byte entries from the end of the header, each starting with its key), or
 * the key array of a node a write transaction holds in memory. One loop serves both: a point read
 * searches pages with it, a write its dirty nodes.
 *
 * <p>The storage is chosen by which argument is given, not by a lambda over it. With a lambda the
 * JIT inlined the key access only where it could still see the lambda's class; in a JVM that also
 * wrote, lookups ran about a fifth slower (the search compiled on its own, with an allocation and
 * a call per probe). Here each public method compiles to a loop over one kind of storage.
 */
public final class KeySearch {

    /** Bytes per entry of a leaf or branch page, whose first 8 bytes are its key. */
    public static final int ENTRY_BYTES = 24;

    static {
        // Both layouts are documented where they live; the search relies on their agreeing.
        if (LeafPage.CELL_SIZE_BYTES != ENTRY_BYTES || BranchPage.CHILD_SIZE_BYTES != ENTRY_BYTES
                || LeafPage.CELL_KEY_OFFSET != 0 || BranchPage.CHILD_KEY_OFFSET != 0) {
            throw new AssertionError("leaf cells and branch children must both be 24-byte entries that start with their key");
        }
    }

    /**
     * The index of {@code key} among entries {@code [from, to]} (inclusive) of tree page
     * {@code page}, or {@code -(insertionPoint) - 1} when it is absent, as
     * {@link java.util.Arrays#binarySearch} answers.
     */
    public static int search(MemorySegment page, long key, int from, int to) {
        return search(page, null, key, from, to);
    }

    /** {@link #search(MemorySegment, long, int, int)} over {@code keys[from..to]}. */
    public static int search(long[] keys, long key, int from, int to) {
        return search(null, keys, key, from, to);
    }

    /**
     * The last of the first {@code count} entries of tree page {@code page} whose key is at most
     * {@code key}, or 0 when none is: the child of a branch whose subtree may hold {@code key} (the
     * first child also takes keys below its own lower bound).
     */
    public static int lastAtMost(MemorySegment page, long key, int count) {
        return lastAtMost(page, null, key, count);
    }

    /** {@link #lastAtMost(MemorySegment, long, int)} over {@code keys[0..count)}. */
    public static int lastAtMost(long[] keys, long key, int count) {
        return lastAtMost(null, keys, key, count);
    }

    private static int search(MemorySegment page, long[] keys, long key, int from, int to) {
        int lo = from;
        int hi = to;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int cmp = Long.compareUnsigned(keyAt(page, keys, mid), key);
            if (cmp < 0) {
                lo = mid + 1;
            } else if (cmp > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    private static int lastAtMost(MemorySegment page, long[] keys, long key, int count) {
        int lo = 1;
        int hi = count - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(keyAt(page, keys, mid), key) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return lo - 1;
    }

    /** Key {@code i}: from the array when there is one, else from the page's entries. */
    private static long keyAt(MemorySegment page, long[] keys, int i) {
        return keys != null ? keys[i] : page.get(LE_LONG, PageHeader.SIZE_BYTES + (long) i * ENTRY_BYTES);
    }

    private KeySearch() {}
}
