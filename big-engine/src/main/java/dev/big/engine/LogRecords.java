package dev.big.engine;

import dev.big.engine.tree.Containers;
import dev.big.engine.tree.FlippedContainer;
import dev.big.engine.tree.Tree;
import dev.big.engine.tree.TreeOverlay;
import dev.big.page.BigException;
import dev.big.page.ContainerKind;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.BitmapContainer;
import org.roaringbitmap.CharIterator;
import org.roaringbitmap.Container;
import org.roaringbitmap.RunContainer;

/**
 * The payload of one write-log frame: what a logged commit changed, cell by cell, so that replaying
 * it over the state before it gives the state after it (recovery, and readers of other processes).
 * A changed container is written as the bits that flipped when that is shorter than the container,
 * which is what keeps a one-record commit to tens of bytes per field: setting one bit of an 8 KiB
 * bitmap container logs one position.
 *
 * <pre>
 * Record     --&gt; Version Acknowledged Count Change^Count
 * Version    --&gt; u8 1
 * Acknowledged --&gt; varint: a txid every commit up to which was durable, and acknowledged, when
 *                this record was appended (a frame that says so after a damaged one proves the
 *                damage lost an acknowledged commit: see {@link WriteLog})
 * Count      --&gt; varint changes
 * Change     --&gt; FragmentKey Flags Summary? CellCount Cell^CellCount
 * FragmentKey--&gt; u64 (0 for the catalog)
 * Flags      --&gt; u8: 1 the tree was emptied first; 2 a summary follows; 4 the change is the catalog's
 * Summary    --&gt; varint length, bytes: the fragment's summary from now on
 * CellCount  --&gt; varint
 * Cell       --&gt; Key Kind Value
 * Key        --&gt; u64 (little-endian, as every fixed-width number here)
 * Kind       --&gt; u8: 0 removed; 1 bytes; 2 the container; 3 the bits that flipped (xor with the cell before)
 * Value      --&gt; nothing | varint length, bytes | Container
 * Container  --&gt; ContainerKind Cardinality Length Payload
 *                ContainerKind u8 (array 1, run 2, bitmap 3: big-page's ContainerKind code),
 *                varint cardinality, varint length, the payload as a leaf cell stores it
 *                (bitmap: 1,024 u64 words)
 * </pre>
 */
final class LogRecords {

    private static final int VERSION = 1;
    private static final int EMPTIED = 1;
    private static final int HAS_SUMMARY = 2;
    private static final int CATALOG = 4;
    private static final int REMOVED = 0;
    private static final int BYTES = 1;
    private static final int FULL = 2;
    private static final int FLIPPED = 3;

    /** One tree a logged commit changed: its cells ({@link Tree#changes()}) and, if it set one, its summary. */
    record TreeChange(long fragmentKey, boolean catalog, Tree tree, byte[] summary) {}

    /** Encodes {@code changes}; a tree's cells are recorded against what the transaction found ({@link Tree#before}). */
    static byte[] encode(List<TreeChange> changes, long acknowledgedTxid) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1024);
        Words words = new Words();
        out.write(VERSION);
        Varints.write(out, acknowledgedTxid);
        Varints.write(out, changes.size());
        for (TreeChange change : changes) {
            Tree tree = change.tree();
            writeLong(out, change.fragmentKey());
            int flags = (tree.clearedNow() ? EMPTIED : 0) | (change.summary() != null ? HAS_SUMMARY : 0)
                    | (change.catalog() ? CATALOG : 0);
            out.write(flags);
            if (change.summary() != null) {
                Varints.write(out, change.summary().length);
                out.writeBytes(change.summary());
            }
            NavigableMap<Long, Object> cells = tree.changes() == null ? TreeOverlay.NONE.cells() : tree.changes();
            Varints.write(out, cells.size());
            for (Map.Entry<Long, Object> cell : cells.entrySet()) {
                writeLong(out, cell.getKey());
                switch (cell.getValue()) {
                    case Container after -> writeContainer(out, tree.before(cell.getKey()), after, words);
                    case FlippedContainer flipped -> writeFlipped(out, flipped, words);
                    case byte[] bytes -> {
                        out.write(BYTES);
                        Varints.write(out, bytes.length);
                        out.writeBytes(bytes);
                    }
                    default -> out.write(REMOVED);
                }
            }
        }
        return out.toByteArray();
    }

    /** A bitmap whose bits the transaction flipped over a logged one: those bits, which it knows, unless there are many. */
    private static void writeFlipped(ByteArrayOutputStream out, FlippedContainer flipped, Words words) {
        words.flipped = words.flips(flipped.flippedNow());
        if (words.flipped > FEW_FLIPPED_BITS) {
            out.write(FULL);
            writeEncoded(out, Containers.encode(flipped.whole()));
            return;
        }
        writeFewFlips(out, words);
    }

    /** The bits {@code words} found flipped, as an array container of them marked FLIPPED. */
    private static void writeFewFlips(ByteArrayOutputStream out, Words words) {
        out.write(FLIPPED);
        out.write(ContainerKind.ARRAY.code());
        Varints.write(out, words.flipped);
        Varints.write(out, 2L * words.flipped);
        words.writeFlippedBits(out);
    }

    /** A change of at most this many bits is written as its flipped bits without weighing the container's encoding. */
    private static final int FEW_FLIPPED_BITS = 512;

    /**
     * The flipped bits when they are fewer bytes than the container, else the container. A change
     * of a few bits (what a small commit makes) is written as those bits at once: encoding the
     * container to compare sizes cost most of such a commit's time (a profile of one-record commits).
     * {@code words} is the caller's scratch space.
     */
    private static void writeContainer(ByteArrayOutputStream out, Container before, Container after, Words words) {
        if (before != null && words.flips(before, after) <= FEW_FLIPPED_BITS) {
            writeFewFlips(out, words);
            return;
        }
        Containers.Encoded full = Containers.encode(after);
        if (before != null) {
            Containers.Encoded flipped = Containers.encode(before.xor(after));
            if (length(flipped) < length(full)) {
                out.write(FLIPPED);
                writeEncoded(out, flipped);
                return;
            }
        }
        out.write(FULL);
        writeEncoded(out, full);
    }

    /**
     * Finds the bits that flipped between two containers without making a container of them:
     * Roaring's xor of an array and a bitmap container builds a bitmap and turns it back, and
     * setting an array's values as bits of words cost most of a one-record commit (profiles of
     * one-record commits). Two arrays (the common case) are compared as sorted values: a commit
     * adds or removes a few, so they share a prefix and, shifted by the difference in length, a
     * suffix, and only what lies between is merged. Two run containers are xored (a few runs, where
     * words would be two 8 KiB copies); other pairs are compared as words. Stops
     * counting past {@link #FEW_FLIPPED_BITS}: the caller then writes the container.
     */
    private static final class Words {
        private final long[] before = new long[BitmapContainer.MAX_CAPACITY / 64];
        private final long[] after = new long[BitmapContainer.MAX_CAPACITY / 64];
        private final char[] bits = new char[FEW_FLIPPED_BITS + 1];
        int flipped;

        /** How many bits differ between {@code was} and {@code is} (any number above the limit when more). */
        int flips(Container was, Container is) {
            if (was instanceof ArrayContainer a && is instanceof ArrayContainer b) {
                flipped = flips(values(a), values(b));
            } else if (was instanceof RunContainer a && is instanceof RunContainer b) {
                flipped = flips(a.xor(b));
            } else {
                flipped = flipsAsWords(was, is);
            }
            return flipped;
        }

        /** How many bits {@code xor}, the difference of two containers, holds, and (if few) which. */
        private int flips(Container xor) {
            int count = xor.getCardinality();
            if (count > FEW_FLIPPED_BITS) {
                return count;
            }
            CharIterator values = xor.getCharIterator();
            for (int k = 0; k < count; k++) {
                bits[k] = values.next();
            }
            return count;
        }

        private static char[] values(ArrayContainer array) {
            return array.toCharBuffer().array();
        }

        private int flips(char[] was, char[] is) {
            int prefix = java.util.Arrays.mismatch(was, is);
            if (prefix < 0) {
                return 0;
            }
            int shift = is.length - was.length;
            int wasEnd = was.length;
            int isEnd = is.length;
            // The suffix after the change, compared shifted by the change in length.
            int from = Math.max(prefix, prefix - shift);
            if (from < was.length && from + shift < is.length
                    && java.util.Arrays.mismatch(was, from, was.length, is, from + shift, is.length) < 0) {
                wasEnd = from;
                isEnd = from + shift;
            }
            int count = 0;
            int i = prefix;
            int j = prefix;
            while (i < wasEnd || j < isEnd) {
                char next;
                if (j >= isEnd || i < wasEnd && was[i] < is[j]) {
                    next = was[i++];
                } else if (i >= wasEnd || is[j] < was[i]) {
                    next = is[j++];
                } else {
                    i++;
                    j++;
                    continue;
                }
                if (count > FEW_FLIPPED_BITS) {
                    return count;
                }
                bits[count++] = next;
            }
            return count;
        }

        private int flipsAsWords(Container was, Container is) {
            copy(was, before);
            copy(is, after);
            int count = 0;
            int i = 0;
            while (i < before.length) {
                int differs = java.util.Arrays.mismatch(before, i, before.length, after, i, after.length);
                if (differs < 0) {
                    break;
                }
                i += differs;
                long word = before[i] ^ after[i];
                while (word != 0) {
                    if (count > FEW_FLIPPED_BITS) {
                        return count;
                    }
                    bits[count++] = (char) (i * 64 + Long.numberOfTrailingZeros(word));
                    word &= word - 1;
                }
                i++;
            }
            return count;
        }

        /** {@code container}'s bits into {@code words} (a bitmap's copy overwrites them; other kinds set bits). */
        private static void copy(Container container, long[] words) {
            if (!(container instanceof BitmapContainer)) {
                java.util.Arrays.fill(words, 0L);
            }
            container.copyBitmapTo(words, 0);
        }

        /** The flipped bits as little-endian u16 values, ascending. */
        void writeFlippedBits(ByteArrayOutputStream out) {
            byte[] bytes = new byte[2 * flipped];
            for (int k = 0; k < flipped; k++) {
                bytes[2 * k] = (byte) bits[k];
                bytes[2 * k + 1] = (byte) (bits[k] >>> 8);
            }
            out.writeBytes(bytes);
        }
    }

    private static int length(Containers.Encoded encoded) {
        return encoded == null ? 0 : switch (encoded) {
            case Containers.EncodedInline inline -> inline.value().payload().length;
            case Containers.EncodedBitmap ignored -> BitmapContainer.MAX_CAPACITY / 8;
        };
    }

    private static void writeEncoded(ByteArrayOutputStream out, Containers.Encoded encoded) {
        if (encoded == null) { // no bit: an empty array
            out.write(ContainerKind.ARRAY.code());
            Varints.write(out, 0);
            Varints.write(out, 0);
            return;
        }
        switch (encoded) {
            case Containers.EncodedInline inline -> {
                out.write(inline.value().kind().code());
                Varints.write(out, inline.value().cardinality());
                Varints.write(out, inline.value().payload().length);
                out.writeBytes(inline.value().payload());
            }
            case Containers.EncodedBitmap bitmap -> {
                out.write(ContainerKind.BITMAP.code());
                Varints.write(out, bitmap.cardinality());
                Varints.write(out, bitmap.words().length * 8L);
                for (long word : bitmap.words()) {
                    writeLong(out, word);
                }
            }
        }
    }

    private static void writeLong(ByteArrayOutputStream out, long value) {
        byte[] bytes = new byte[8];
        for (int i = 0; i < 8; i++) {
            bytes[i] = (byte) (value >>> (8 * i));
        }
        out.writeBytes(bytes);
    }

    /**
     * The logged changes of {@code state} with the record {@code payload} replayed over them: what a
     * reader sees after the logged commit the record is. {@code what} names the record in errors.
     */
    static LoggedChanges replay(byte[] payload, CommittedState state, String what) {
        Reader in = new Reader(payload, what);
        if (in.u8() != VERSION) {
            throw new BigException(what + " is of an unknown log record version: it is damaged or from a newer big");
        }
        in.varint(); // the txid acknowledged when it was appended: for telling damage from a torn tail, not for replay
        long count = in.varint();
        Map<Long, LoggedChanges.FragmentChange> fragments = new HashMap<>();
        TreeOverlay catalog = state.logged.catalog();
        for (long c = 0; c < count; c++) {
            long fragmentKey = in.u64();
            int flags = in.u8();
            byte[] summary = (flags & HAS_SUMMARY) != 0 ? in.bytes((int) in.varint()) : null;
            boolean emptied = (flags & EMPTIED) != 0;
            boolean isCatalog = (flags & CATALOG) != 0;
            Tree before = isCatalog ? state.catalogTree() : state.fragmentTree(fragmentKey);
            TreeMap<Long, Object> cells = new TreeMap<>(Long::compareUnsigned);
            long cellCount = in.varint();
            for (long i = 0; i < cellCount; i++) {
                long key = in.u64();
                int kind = in.u8();
                Object value = switch (kind) {
                    case REMOVED -> TreeOverlay.REMOVED;
                    case BYTES -> in.bytes((int) in.varint());
                    case FULL -> nonEmpty(in.container());
                    case FLIPPED -> {
                        Container flipped = in.container();
                        Container was = emptied ? null : before.before(key); // read, not changed: xor makes a new one
                        yield nonEmpty(was == null ? flipped : was.xor(flipped));
                    }
                    default -> throw new BigException(what + " has a cell of unknown kind " + kind + ": it is damaged");
                };
                cells.put(key, value);
            }
            if (isCatalog) {
                catalog = catalog.with(cells, emptied);
            } else {
                LoggedChanges.FragmentChange was = state.logged.fragment(fragmentKey);
                TreeOverlay overlay = state.logged.cellsOf(fragmentKey).with(cells, emptied);
                byte[] kept = summary != null ? summary : was == null ? null : was.summary();
                fragments.put(fragmentKey, new LoggedChanges.FragmentChange(overlay, kept));
            }
        }
        if (in.remaining() != 0) {
            throw new BigException(what + " has " + in.remaining() + " bytes after its last change: it is damaged");
        }
        return state.logged.with(fragments, catalog);
    }

    /** The txid record {@code payload} says was acknowledged when it was appended, or -1 if it cannot be read. */
    static long acknowledgedTxid(byte[] payload) {
        if (payload.length < 2 || (payload[0] & 0xFF) != VERSION) {
            return -1;
        }
        try {
            return new Varints.Reader(payload, 1, "a log record").next();
        } catch (BigException e) {
            return -1;
        }
    }

    private static Object nonEmpty(Container container) {
        return container.getCardinality() == 0 ? TreeOverlay.REMOVED : container;
    }

    /** Reads a record's fields, refusing one that ends early. */
    private static final class Reader {
        private final byte[] bytes;
        private final MemorySegment segment;
        private final String what;
        private int at;

        Reader(byte[] bytes, String what) {
            this.bytes = bytes;
            this.segment = MemorySegment.ofArray(bytes);
            this.what = what;
        }

        int remaining() {
            return bytes.length - at;
        }

        private void need(long n) {
            if (n < 0 || n > remaining()) {
                throw new BigException(what + " ends early (needs " + n + " bytes at " + at + " of " + bytes.length
                        + "): it is damaged");
            }
        }

        int u8() {
            need(1);
            return bytes[at++] & 0xFF;
        }

        long u64() {
            need(8);
            long value = segment.get(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN), at);
            at += 8;
            return value;
        }

        long varint() {
            Varints.Reader reader = new Varints.Reader(bytes, at, what);
            long value = reader.next();
            at = reader.position();
            return value;
        }

        byte[] bytes(int length) {
            need(length);
            byte[] out = java.util.Arrays.copyOfRange(bytes, at, at + length);
            at += length;
            return out;
        }

        Container container() {
            int kind = u8();
            int cardinality = (int) varint();
            int length = (int) varint();
            need(length);
            MemorySegment payload = segment.asSlice(at, length);
            at += length;
            if (cardinality == 0) {
                return Containers.empty();
            }
            if (kind == ContainerKind.BITMAP.code()) {
                long[] words = new long[length / 8];
                MemorySegment.copy(payload, ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN), 0,
                        words, 0, words.length);
                return new BitmapContainer(words, cardinality);
            }
            if (kind == ContainerKind.ARRAY.code() || kind == ContainerKind.RUN.code()) {
                return Containers.decodeInline(ContainerKind.ofCode(kind), cardinality, payload, 0, length);
            }
            throw new BigException(what + " has a container of unknown kind " + kind + ": it is damaged");
        }
    }

    private LogRecords() {}
}
