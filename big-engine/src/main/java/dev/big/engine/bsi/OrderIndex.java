package dev.big.engine.bsi;

import dev.big.engine.Txn;
import dev.big.engine.WriteTxn;
import dev.big.engine.coords.Coords;
import dev.big.engine.tree.Tree;
import dev.big.page.BigException;
import dev.big.page.LeafPage;
import java.util.Arrays;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * The order index of a bit-sliced field: how many records hold each value, in a counted trie of
 * the values' bytes, so that an unfiltered range count, a rank or a quantile reads one node per
 * byte of a value (eight) instead of every bit plane of every shard. The planes stay the data; the
 * index only counts, so it costs bytes per distinct value, not per record.
 *
 * <p>One tree per field (fragment {@code (field, view 6, shard 0)}), its entries opaque bytes:
 *
 * <pre>
 * ordered = value ^ 2^63                         (unsigned order of ordered = signed order of value)
 * node (level, prefix), level 0..7:
 *   key     = level:u8 &lt;&lt; 56 | prefix:u56       prefix = ordered &gt;&gt;&gt; 8 * (level + 1)   (0 at level 7)
 *   payload = Digits:u8 DigitSet (Records:varint)^(Digits + 1)
 *   DigitSet = (Digit:u8)^(Digits + 1)         when Digits + 1 &lt;= 32
 *            | Present:u8^32                    otherwise: bit d of byte d / 8 set for each digit d
 * </pre>
 *
 * <p>Entry {@code Digit d} of node {@code (level, prefix)} counts the records whose ordered value
 * has {@code (prefix << 8 | d)} as its top {@code 64 - 8 * level} bits, so level 0 counts each
 * value and level 7 (one node) counts by top byte; digits ascend, every count is at least 1 and a
 * node without records has no entry. Records are the field's non-null values; a record's value
 * counts once. {@code Digits} is the number of digits less one (a node has 1 to 256); a node of
 * more than 32 digits names them in a 32-byte set rather than a byte each (a level-0 node of a
 * dense field holds all 256, and this halves it). Records is an unsigned LEB128 varint.
 *
 * <p>Writers ({@link BsiWriter}, {@link BsiBulkWriter}) collect each value a write adds and each
 * it removes in a {@link Changes} and apply them at flush, a node at a time; {@link #rebuild}
 * makes the index of a field from its planes.
 */
public final class OrderIndex {

    /** The view of a field's order index tree (shard 0). */
    public static final int VIEW_ORDER = 6;
    static final int LEVELS = 8;
    private static final int DIGIT_BITS = 8;

    /**
     * Entries of decoded nodes above level 0 kept per committed state and field: every count
     * visits the same few upper nodes (a field of 2^20 distinct values has 22), so only its
     * level-0 node is read from the tree. Past this many entries (about 20 MiB) nodes are decoded
     * per visit instead.
     */
    static final long UPPER_CACHE_ENTRIES = 1 << 20;

    private record UpperNodesKey(int fieldId) {}

    /** The decoded upper nodes of one field in one committed state, by key. */
    private static final class UpperNodes {
        final Map<Long, Node> nodes = new ConcurrentHashMap<>();
        final AtomicLong entries = new AtomicLong();
    }

    private final Tree tree;
    private final BsiField field;
    private final UpperNodes upper;

    private OrderIndex(Tree tree, BsiField field, UpperNodes upper) {
        this.tree = tree;
        this.field = field;
        this.upper = upper;
    }

    /** The order index of {@code field} as {@code txn} sees it (empty if the field has none). */
    public static OrderIndex of(Txn txn, BsiField field) {
        return new OrderIndex(Tree.of(txn, fragmentKey(field)), field,
                txn.cached(new UpperNodesKey(field.fieldId()), k -> new UpperNodes()));
    }

    public static long fragmentKey(BsiField field) {
        return Coords.fragmentKey(field.fieldId(), VIEW_ORDER, 0);
    }

    // ------------------------------------------------------------------ reads

    /** How many records have a value (the records the index counts). */
    public long total() {
        Node root = node(LEVELS - 1, 0);
        long total = 0;
        for (int i = 0; i < root.size; i++) {
            total += root.counts[i];
        }
        return total;
    }

    /** How many distinct values the records hold: the entries of level 0, one node per 256 values. */
    public long distinctValues() {
        long[] distinct = {0};
        forEachNode(key(0, 0), key(0, PREFIX_MASK), (level, prefix, node) -> distinct[0] += node.size);
        return distinct[0];
    }

    /** How many records have a value of at least {@code value}. */
    public long countAtLeast(long value) {
        long ordered = value ^ Long.MIN_VALUE;
        long count = recordsFrom(ordered);
        for (int level = 1; level < LEVELS; level++) {
            count += node(level, prefix(ordered, level)).recordsAbove(digit(ordered, level));
        }
        return count;
    }

    /**
     * The records of the level-0 node of {@code ordered} whose values are at least it, summed
     * from the node's bytes as they lie: the one node per count that is not kept decoded.
     */
    private long recordsFrom(long ordered) {
        long key = key(0, prefix(ordered, 0));
        byte[] bytes = tree.getBytes(key);
        if (bytes == null) {
            return 0;
        }
        int size = (bytes[0] & 0xFF) + 1;
        int digit = digit(ordered, 0);
        int first = 0; // the first entry at or above digit: how many digits lie below it
        if (size > LISTED_DIGITS) {
            for (int i = 0; i < digit >>> 3; i++) {
                first += Integer.bitCount(bytes[1 + i] & 0xFF);
            }
            first += Integer.bitCount(bytes[1 + (digit >>> 3)] & 0xFF & ((1 << (digit & 7)) - 1));
        } else {
            while (first < size && (bytes[1 + first] & 0xFF) < digit) {
                first++;
            }
        }
        long records = 0;
        Counts counts = new Counts(bytes, countsOffset(size), key);
        for (int i = 0; i < size; i++) {
            long count = counts.next(i);
            if (i >= first) {
                records += count;
            }
        }
        return records;
    }

    /** How many records have a value that satisfies {@code predicate}. */
    public long count(RangePredicate predicate) {
        if (predicate.op() == RangePredicate.Op.NE) {
            return total() - countBetween(predicate.a(), predicate.a());
        }
        long[] range = predicate.matchingRange();
        return range == null ? 0 : countBetween(range[0], range[1]);
    }

    /** How many records have a value in {@code [low, high]}. */
    public long countBetween(long low, long high) {
        if (low > high) {
            return 0;
        }
        return countAtLeast(low) - (high == Long.MAX_VALUE ? 0 : countAtLeast(high + 1));
    }

    /**
     * The value of rank {@code rank} (0 the smallest) among the records' values in ascending
     * order, or empty when fewer records have a value.
     */
    public OptionalLong valueAtRank(long rank) {
        if (rank < 0) {
            return OptionalLong.empty();
        }
        long ordered = 0;
        long remaining = rank;
        for (int level = LEVELS - 1; level >= 0; level--) {
            Node node = node(level, ordered); // the digits chosen so far are this level's prefix
            int i = 0;
            while (i < node.size && remaining >= node.counts[i]) {
                remaining -= node.counts[i];
                i++;
            }
            if (i == node.size) {
                if (level != LEVELS - 1) {
                    throw damaged("node (level " + level + ", prefix " + Long.toUnsignedString(ordered)
                            + ") holds fewer records than its parent counts");
                }
                return OptionalLong.empty();
            }
            ordered = ordered << DIGIT_BITS | node.digits[i];
        }
        return OptionalLong.of(ordered ^ Long.MIN_VALUE);
    }

    /** Passes every stored node to {@code visitor} in key order (for checks). */
    public void forEachNode(NodeVisitor visitor) {
        forEachNode(0, -1L, visitor);
    }

    /** Passes the stored nodes with keys in {@code [fromKey, toKey]} to {@code visitor} in key order. */
    void forEachNode(long fromKey, long toKey, NodeVisitor visitor) {
        tree.forEach(fromKey, toKey, view -> {
            long key = view.key();
            visitor.visit(levelOf(key), key & PREFIX_MASK, decode(view.bytes(), key));
            return true;
        });
    }

    /** Receives a stored node: its level, prefix and (digit, records) entries. */
    @FunctionalInterface
    public interface NodeVisitor {
        void visit(int level, long prefix, Node node);
    }

    private Node node(int level, long prefix) {
        long key = key(level, prefix);
        if (level > 0) {
            Node cached = upper.nodes.get(key);
            if (cached != null) {
                return cached;
            }
        }
        byte[] bytes = tree.getBytes(key);
        Node node = bytes == null ? Node.EMPTY : decode(bytes, key);
        if (level > 0 && upper.entries.get() < UPPER_CACHE_ENTRIES) {
            upper.entries.addAndGet(node.size);
            upper.nodes.put(key, node);
        }
        return node;
    }

    // ------------------------------------------------------------------ nodes

    private static final long PREFIX_MASK = (1L << 56) - 1;

    static long key(int level, long prefix) {
        return (long) level << 56 | prefix;
    }

    static int levelOf(long key) {
        return (int) (key >>> 56);
    }

    /** The prefix of {@code ordered} that names its node at {@code level}. */
    static long prefix(long ordered, int level) {
        return level == LEVELS - 1 ? 0 : ordered >>> (DIGIT_BITS * (level + 1));
    }

    static int digit(long ordered, int level) {
        return (int) (ordered >>> (DIGIT_BITS * level)) & 0xFF;
    }

    /** A node's entries: {@code size} digits, ascending, and the records under each. */
    public static final class Node {
        static final Node EMPTY = new Node(new int[0], new long[0], 0);
        public final int[] digits;
        public final long[] counts;
        public final int size;

        /** {@code above[i]}: the records of entries {@code i + 1 ..}, so a count reads one number. */
        private final long[] above;

        Node(int[] digits, long[] counts, int size) {
            this.digits = digits;
            this.counts = counts;
            this.size = size;
            this.above = new long[size];
            for (int i = size - 2; i >= 0; i--) {
                above[i] = above[i + 1] + counts[i + 1];
            }
        }

        /** The records under digits greater than {@code digit}. */
        long recordsAbove(int digit) {
            int i = Arrays.binarySearch(digits, 0, size, digit);
            if (i >= 0) {
                return above[i];
            }
            int next = -i - 1; // the first entry above digit
            return next == size ? 0 : above[next] + counts[next];
        }

        /** The records under {@code digit}, 0 if the node has no entry for it. */
        public long count(int digit) {
            int i = Arrays.binarySearch(digits, 0, size, digit);
            return i >= 0 ? counts[i] : 0;
        }
    }

    /** Digit lists longer than this are written as a 32-byte set. */
    static final int LISTED_DIGITS = 32;
    private static final int DIGIT_SET_BYTES = 32;

    /** Where a node's counts start: after its size byte and its digits. */
    private static int countsOffset(int size) {
        return 1 + (size > LISTED_DIGITS ? DIGIT_SET_BYTES : size);
    }

    private Node decode(byte[] bytes, long key) {
        int size = sizeOf(bytes, key);
        int[] digits = new int[size];
        long[] counts = new long[size];
        readEntries(bytes, key, (i, digit, records) -> {
            digits[i] = digit;
            counts[i] = records;
        });
        return new Node(digits, counts, size);
    }

    /** Reads a node's counts (unsigned LEB128 varints) one after another. */
    private final class Counts {
        private final byte[] bytes;
        private final long key;
        private int at;

        Counts(byte[] bytes, int at, long key) {
            this.bytes = bytes;
            this.at = at;
            this.key = key;
        }

        /** The count of entry {@code entry}, the next in the node. */
        long next(int entry) {
            long count = 0;
            for (int shift = 0; ; shift += 7) {
                if (at >= bytes.length || shift > 63) {
                    throw damaged("node " + describe(key) + " ends inside the count of its entry " + entry);
                }
                byte b = bytes[at++];
                count |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return count;
                }
            }
        }
    }

    /** Receives a node's entries in digit order. */
    @FunctionalInterface
    private interface EntrySink {
        void entry(int index, int digit, long records);
    }

    private int sizeOf(byte[] bytes, long key) {
        if (bytes.length < 3) {
            throw damaged("node " + describe(key) + " has " + bytes.length + " bytes, too few for one entry");
        }
        int size = (bytes[0] & 0xFF) + 1;
        if (bytes.length < countsOffset(size) + size) {
            throw damaged("node " + describe(key) + " promises " + size + " entries in " + bytes.length + " bytes");
        }
        return size;
    }

    /** Passes a stored node's entries to {@code sink}, checking them against the grammar. */
    private void readEntries(byte[] bytes, long key, EntrySink sink) {
        int size = sizeOf(bytes, key);
        boolean set = size > LISTED_DIGITS;
        Counts counts = new Counts(bytes, countsOffset(size), key);
        int digit = -1;
        for (int i = 0; i < size; i++) {
            if (set) {
                do {
                    digit++;
                } while (digit < 256 && (bytes[1 + (digit >>> 3)] & (1 << (digit & 7))) == 0);
                if (digit == 256) {
                    throw damaged("node " + describe(key) + " sets fewer digits than its " + size);
                }
            } else {
                digit = bytes[1 + i] & 0xFF;
            }
            sink.entry(i, digit, counts.next(i));
        }
        if (set) {
            while (++digit < 256) {
                if ((bytes[1 + (digit >>> 3)] & (1 << (digit & 7))) != 0) {
                    throw damaged("node " + describe(key) + " sets more than its " + size + " digits");
                }
            }
        }
    }

    private static byte[] encode(int[] digits, long[] counts, int size) {
        byte[] out = new byte[countsOffset(size) + 10 * size];
        out[0] = (byte) (size - 1);
        for (int i = 0; i < size; i++) {
            if (size > LISTED_DIGITS) {
                out[1 + (digits[i] >>> 3)] |= (byte) (1 << (digits[i] & 7));
            } else {
                out[1 + i] = (byte) digits[i];
            }
        }
        int at = countsOffset(size);
        for (int i = 0; i < size; i++) {
            long count = counts[i];
            while ((count & ~0x7FL) != 0) {
                out[at++] = (byte) (count & 0x7F | 0x80);
                count >>>= 7;
            }
            out[at++] = (byte) count;
        }
        if (at > LeafPage.MAX_PAYLOAD_BYTES) {
            throw new BigException("an order index node of " + at + " bytes exceeds a leaf's "
                    + LeafPage.MAX_PAYLOAD_BYTES + "-byte payload");
        }
        return Arrays.copyOf(out, at);
    }

    private String describe(long key) {
        return "(level " + levelOf(key) + ", prefix " + (key & PREFIX_MASK) + ")";
    }

    private BigException damaged(String what) {
        return new BigException("order index of field '" + field.name() + "': " + what
                + " (damaged file? run big check)");
    }

    // ------------------------------------------------------------------ writes

    /**
     * The values a write transaction adds to and removes from a field's index, applied at
     * {@link #apply}: a value replaced by another is one of each, a new value one added, a
     * cleared one one removed.
     */
    public static final class Changes {
        private long[] added = new long[64];
        private long[] removed = new long[64];
        private int addedCount;
        private int removedCount;

        public void add(long value) {
            if (addedCount == added.length) {
                added = Arrays.copyOf(added, addedCount * 2);
            }
            added[addedCount++] = value;
        }

        public void remove(long value) {
            if (removedCount == removed.length) {
                removed = Arrays.copyOf(removed, removedCount * 2);
            }
            removed[removedCount++] = value;
        }

        public boolean isEmpty() {
            return addedCount == 0 && removedCount == 0;
        }

        /** Applies the changes to {@code field}'s index in {@code txn} and forgets them. */
        public void apply(WriteTxn txn, BsiField field) {
            if (isEmpty()) {
                return;
            }
            // Net change per value, ascending: the values' signed order is their ordered forms'
            // unsigned order, so each level's nodes come one after another.
            long[] values = new long[addedCount + removedCount];
            long[] deltas = new long[addedCount + removedCount];
            int runs = tallyInRange(values, deltas);
            if (runs < 0) {
                Arrays.sort(added, 0, addedCount);
                Arrays.sort(removed, 0, removedCount);
                runs = merge(values, deltas);
            }
            addedCount = 0;
            removedCount = 0;
            OrderIndex index = new OrderIndex(Tree.of(txn, fragmentKey(field)), field, new UpperNodes());
            for (int level = 0; level < LEVELS; level++) {
                index.applyLevel(level, values, deltas, runs);
            }
        }

        /** The widest range of values {@link #tallyInRange} counts in an array (16 MiB of ints). */
        static final long TALLY_RANGE = 1 << 22;

        /**
         * The (value, net delta) runs counted in an array indexed by value when the values span
         * at most {@link #TALLY_RANGE} and not much more than their number, as a bulk load's
         * chunk of a bounded field does: a pass over the values instead of a sort (which cost a
         * bulk load of 10M 20-bit values about 0.8 s). Returns -1 when the values are too spread.
         */
        private int tallyInRange(long[] values, long[] deltas) {
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (int i = 0; i < addedCount; i++) {
                min = Math.min(min, added[i]);
                max = Math.max(max, added[i]);
            }
            for (int i = 0; i < removedCount; i++) {
                min = Math.min(min, removed[i]);
                max = Math.max(max, removed[i]);
            }
            long span = max - min; // may overflow to negative for values at both ends of a long
            if (span < 0 || span >= TALLY_RANGE || span > 4L * (addedCount + removedCount)) {
                return -1;
            }
            int[] tally = new int[(int) span + 1];
            for (int i = 0; i < addedCount; i++) {
                tally[(int) (added[i] - min)]++;
            }
            for (int i = 0; i < removedCount; i++) {
                tally[(int) (removed[i] - min)]--;
            }
            int runs = 0;
            for (int i = 0; i < tally.length; i++) {
                if (tally[i] != 0) {
                    values[runs] = min + i;
                    deltas[runs++] = tally[i];
                }
            }
            return runs;
        }

        /**
         * Merges the sorted added and removed values into ascending (value, net delta) runs,
         * leaving out values whose delta is 0; returns the number of runs.
         */
        private int merge(long[] values, long[] deltas) {
            int a = 0;
            int r = 0;
            int runs = 0;
            while (a < addedCount || r < removedCount) {
                long next = r == removedCount || (a < addedCount && added[a] <= removed[r]) ? added[a] : removed[r];
                long delta = 0;
                while (a < addedCount && added[a] == next) {
                    delta++;
                    a++;
                }
                while (r < removedCount && removed[r] == next) {
                    delta--;
                    r++;
                }
                if (delta != 0) {
                    values[runs] = next;
                    deltas[runs++] = delta;
                }
            }
            return runs;
        }
    }

    /** Applies the (value, delta) runs, values ascending, to the nodes of {@code level}. */
    private void applyLevel(int level, long[] values, long[] deltas, int runs) {
        int from = 0;
        int[] digits = new int[256];
        long[] counts = new long[256];
        long[] byDigit = new long[256]; // the node's records per digit, 0 where it has none
        while (from < runs) {
            long prefix = prefix(values[from] ^ Long.MIN_VALUE, level);
            int to = from;
            while (to < runs && prefix(values[to] ^ Long.MIN_VALUE, level) == prefix) {
                to++;
            }
            long key = key(level, prefix);
            byte[] bytes = tree.getBytes(key);
            Arrays.fill(byDigit, 0);
            if (bytes != null) {
                readInto(bytes, key, byDigit);
            }
            for (int k = from; k < to; k++) {
                byDigit[digit(values[k] ^ Long.MIN_VALUE, level)] += deltas[k];
            }
            int size = 0;
            for (int digit = 0; digit < 256; digit++) {
                long records = byDigit[digit];
                if (records == 0) {
                    continue;
                }
                if (records < 0) {
                    throw damaged("node " + describe(key) + " would count " + records + " records under digit "
                            + digit + ": the index disagrees with the planes");
                }
                digits[size] = digit;
                counts[size++] = records;
            }
            if (size == 0) {
                tree.remove(key);
            } else {
                tree.putBytes(key, encode(digits, counts, size));
            }
            from = to;
        }
    }

    /** Adds a stored node's records per digit into {@code byDigit}: a write needs no {@link Node}. */
    private void readInto(byte[] bytes, long key, long[] byDigit) {
        readEntries(bytes, key, (i, digit, records) -> byDigit[digit] += records);
    }

    /**
     * Makes {@code field}'s order index from its planes, replacing any there was: for a field
     * that gains the index, and for a check that compares the stored index with what the planes
     * say. The values come a shard at a time.
     */
    public static void rebuild(WriteTxn txn, BsiField field) {
        Tree.of(txn, fragmentKey(field)).dropAll();
        Changes changes = new Changes();
        forEachValue(txn, field, changes::add);
        changes.apply(txn, field);
    }

    /** Passes every record's value of {@code field} to {@code sink}, shard by shard. */
    public static void forEachValue(Txn txn, BsiField field, LongConsumer sink) {
        BsiReader reader = new BsiReader(txn, field);
        for (long shard : reader.shards()) {
            reader.readValues(shard, reader.existing(shard, null), sink);
        }
    }

    /** The distinct values of a field, ascending, each with how many records hold it. */
    public record ValueCounts(long[] values, long[] counts, int size) {}

    /** The ascending (value, records) counts of every value {@code field}'s planes hold, for checks. */
    public static ValueCounts countsFromPlanes(Txn txn, BsiField field) {
        Changes changes = new Changes();
        forEachValue(txn, field, changes::add);
        long[] values = new long[changes.addedCount];
        long[] counts = new long[changes.addedCount];
        Arrays.sort(changes.added, 0, changes.addedCount);
        int size = changes.merge(values, counts);
        return new ValueCounts(values, counts, size);
    }
}
