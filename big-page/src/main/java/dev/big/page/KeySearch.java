package dev.big.page;

/**
 * Binary search over keys sorted in unsigned order, wherever they are held: the cells of a leaf
 * page or the child links of a branch page here, the arrays of a tree node held in memory in the
 * engine. Both answer the same two questions the same way, so they share this one piece.
 *
 * <p>Keys are compared unsigned ({@link Long#compareUnsigned}) because tree keys are u64.
 * Callers pass the keys as a lambda over their own storage; the searches are small enough to be
 * inlined into each caller, where the JIT sees the lambda's exact class and inlines it too, so a
 * point read pays no call per probe.
 */
public final class KeySearch {

    /** The key at a position of a sorted sequence. */
    @FunctionalInterface
    public interface Keys {
        long keyAt(int index);
    }

    /**
     * The index of {@code key} among positions {@code [from, to]} (inclusive) of {@code keys}, or
     * {@code -(insertionPoint) - 1} when it is absent, as {@link java.util.Arrays#binarySearch} answers.
     */
    public static int search(Keys keys, long key, int from, int to) {
        int lo = from;
        int hi = to;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int cmp = Long.compareUnsigned(keys.keyAt(mid), key);
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

    /**
     * The last position among {@code [0, count)} whose key is at most {@code key}, or 0 when none
     * is: the child of a branch whose subtree may hold {@code key} (the first child also takes keys
     * below its own lower bound).
     */
    public static int lastAtMost(Keys keys, long key, int count) {
        int lo = 1;
        int hi = count - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(keys.keyAt(mid), key) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return lo - 1;
    }

    private KeySearch() {}
}
