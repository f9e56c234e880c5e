package dev.big.page;

import static dev.big.page.PageFormat.BYTE;
import static dev.big.page.PageFormat.LE_CHAR;
import static dev.big.page.PageFormat.LE_INT;
import static dev.big.page.PageFormat.LE_LONG;
import static dev.big.page.PageFormat.LE_SHORT;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;

/**
 * A leaf of a B+tree: cells sorted by key, each a Roaring container of one 2^16-bit chunk or an
 * opaque value. The same layout serves fragment trees (kind LEAF) and the leaves of the roots and
 * catalog trees ({@link RootsPage}, {@link CatalogPage}), which differ only in kind and in what
 * their values mean.
 *
 * <pre>
 * LeafPage  --&gt; Header Cell^Count Payload^Count
 * Header    --&gt; {@link PageHeader}; Count = cells, Extra = bytes used (header + cells + payloads)
 * Cell      --&gt; Key Cardinality Kind Reserved Length Position Reserved   (24 bytes, 8-byte aligned)
 * Key       --&gt; u64 container key (fragment trees) or entry key (other trees), compared unsigned
 * Cardinality --&gt; u32 number of set bits of the container (0 for BYTES), so counts never read payloads
 * Kind      --&gt; u8 {@link ContainerKind#code()}
 * Reserved  --&gt; u8 zero
 * Length    --&gt; u16 payload length in bytes
 * Position  --&gt; u16 where the payload starts in the page, 8-byte aligned
 * Reserved  --&gt; u48 zero
 * Payload   --&gt; ArrayPayload | RunPayload | BitmapRef | Bytes, padded to 8 bytes
 * ArrayPayload --&gt; u16^Cardinality sorted ascending
 * RunPayload --&gt; (Start:u16 LengthMinusOne:u16)^Runs, sorted, disjoint, not adjacent
 * BitmapRef --&gt; Page:u64 Checksum:u64 of the {@link BitmapPage} holding the container
 * </pre>
 *
 * <p>Size limits: a payload is at most {@link #MAX_PAYLOAD_BYTES}, so a leaf always fits at least
 * three maximal cells and any overfull leaf splits into two that fit. Arrays above
 * {@link #MAX_ARRAY_VALUES} values and run containers above {@link #MAX_RUNS} runs are stored as
 * bitmap pages instead.
 */
public final class LeafPage {

    public static final int MAGIC = PageHeader.ascii("BIGL");
    public static final int VERSION_START = 1;
    public static final int VERSION_CURRENT = 1;

    public static final int CELL_SIZE_BYTES = 24;
    public static final int MAX_PAYLOAD_BYTES = 2048;
    public static final int MAX_ARRAY_VALUES = MAX_PAYLOAD_BYTES / Character.BYTES;
    public static final int MAX_RUNS = MAX_PAYLOAD_BYTES / (2 * Character.BYTES);
    public static final int BITMAP_REF_BYTES = 16;
    /**
     * The PageNumber in the header of a leaf image held inline in a roots entry ({@link RootsPage}):
     * it is no page, so nothing frees it.
     */
    public static final long INLINE_PAGE_NUMBER = -1;
    /** Bytes available to cells and payloads. */
    public static final int BODY_BYTES = PageFormat.PAGE_SIZE_BYTES - PageHeader.SIZE_BYTES;

    /** Where each field of a cell starts, from the start of the cell. */
    static final int CELL_KEY_OFFSET = 0;
    static final int CELL_CARDINALITY_OFFSET = 8;
    static final int CELL_KIND_OFFSET = 12;
    static final int CELL_LENGTH_OFFSET = 14;
    static final int CELL_POSITION_OFFSET = 16;

    /** Bytes a cell with a payload of {@code payloadLength} bytes takes in a leaf. */
    public static int cellBytes(int payloadLength) {
        return CELL_SIZE_BYTES + PageFormat.align8(payloadLength);
    }

    public static int count(MemorySegment page) {
        return PageHeader.count(page);
    }

    public static long key(MemorySegment page, int i) {
        return page.get(LE_LONG, cell(i) + CELL_KEY_OFFSET);
    }

    public static int cardinality(MemorySegment page, int i) {
        return page.get(LE_INT, cell(i) + CELL_CARDINALITY_OFFSET);
    }

    public static int kindCode(MemorySegment page, int i) {
        return Byte.toUnsignedInt(page.get(BYTE, cell(i) + CELL_KIND_OFFSET));
    }

    public static ContainerKind kind(MemorySegment page, int i) {
        return ContainerKind.ofCode(kindCode(page, i));
    }

    public static int payloadLength(MemorySegment page, int i) {
        return Short.toUnsignedInt(page.get(LE_SHORT, cell(i) + CELL_LENGTH_OFFSET));
    }

    public static int payloadOffset(MemorySegment page, int i) {
        return Short.toUnsignedInt(page.get(LE_SHORT, cell(i) + CELL_POSITION_OFFSET));
    }

    /** A view of cell {@code i}'s payload. */
    public static MemorySegment payload(MemorySegment page, int i) {
        return page.asSlice(payloadOffset(page, i), payloadLength(page, i));
    }

    /** Index of {@code key}, or {@code -(insertionPoint) - 1} when absent (unsigned order). */
    public static int search(MemorySegment page, long key) {
        return search(page, key, 0, count(page) - 1);
    }

    /** {@link #search} restricted to cells {@code [from, to]}. */
    public static int search(MemorySegment page, long key, int from, int to) {
        return KeySearch.search(page, key, from, to);
    }

    // ---- array and run payloads, read in place

    public static char arrayValue(MemorySegment page, int i, int j) {
        return page.get(LE_CHAR, payloadOffset(page, i) + 2L * j);
    }

    public static int runCount(MemorySegment page, int i) {
        return payloadLength(page, i) / 4;
    }

    public static char runStart(MemorySegment page, int i, int run) {
        return page.get(LE_CHAR, payloadOffset(page, i) + 4L * run);
    }

    public static char runLengthMinusOne(MemorySegment page, int i, int run) {
        return page.get(LE_CHAR, payloadOffset(page, i) + 4L * run + 2);
    }

    /** Whether the inline (array or run) container of cell {@code i} holds {@code bit}. */
    public static boolean inlineContains(MemorySegment page, int i, int bit) {
        int offset = payloadOffset(page, i);
        if (kindCode(page, i) == ContainerKind.ARRAY.code()) {
            return arrayContains(page, offset, cardinality(page, i), bit);
        }
        return runContains(page, offset, payloadLength(page, i) / 4, bit);
    }

    /**
     * Whether the ArrayPayload of {@code count} values at {@code offset} of {@code segment} holds
     * {@code bit}: a leaf page's cell, or a copy of one held in memory.
     */
    public static boolean arrayContains(MemorySegment segment, long offset, int count, int bit) {
        int lo = 0;
        int hi = count - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int v = segment.get(LE_CHAR, offset + 2L * mid);
            if (v < bit) {
                lo = mid + 1;
            } else if (v > bit) {
                hi = mid - 1;
            } else {
                return true;
            }
        }
        return false;
    }

    /** Whether the RunPayload of {@code runs} runs at {@code offset} of {@code segment} holds {@code bit}. */
    public static boolean runContains(MemorySegment segment, long offset, int runs, int bit) {
        int lo = 0;
        int hi = runs - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int start = segment.get(LE_CHAR, offset + 4L * mid);
            if (start > bit) {
                hi = mid - 1;
            } else if (start + segment.get(LE_CHAR, offset + 4L * mid + 2) < bit) {
                lo = mid + 1;
            } else {
                return true;
            }
        }
        return false;
    }

    // ---- bitmap references

    public static long bitmapPgno(MemorySegment page, int i) {
        return page.get(LE_LONG, payloadOffset(page, i));
    }

    public static long bitmapChecksum(MemorySegment page, int i) {
        return page.get(LE_LONG, payloadOffset(page, i) + 8);
    }

    public static PageRef bitmapRef(MemorySegment page, int i) {
        return new PageRef(bitmapPgno(page, i), bitmapChecksum(page, i));
    }

    /**
     * Returns {@code bitmap}, the page cell {@code i} points to, after verifying it against the
     * checksum the cell holds; throws {@link CorruptPageException} naming the bitmap page otherwise.
     * For callers without a verified-checksum memo.
     */
    public static MemorySegment bitmapChecked(MemorySegment page, int i, MemorySegment bitmap, String file) {
        String error = checksumError(page, i, bitmap);
        if (error != null) {
            throw new CorruptPageException(file, bitmapPgno(page, i), PageKind.BITMAP, error);
        }
        return bitmap;
    }

    /**
     * Returns {@code bitmap} as is, for a caller that already verified it (the pager's memo) or
     * will verify it itself.
     */
    public static MemorySegment bitmapUnchecked(MemorySegment bitmap) {
        return bitmap;
    }

    /** Explains why {@code bitmap} does not match the checksum cell {@code i} holds, or returns null. */
    public static String checksumError(MemorySegment page, int i, MemorySegment bitmap) {
        return BitmapPage.checksumError(bitmap, bitmapChecksum(page, i));
    }

    /**
     * Explains a structural problem of an already checksum-verified leaf, or returns null: cells
     * out of order, unknown kinds, payloads outside the page or with the wrong length.
     */
    public static String structureError(MemorySegment page) {
        long size = page.byteSize(); // a page, or a leaf image held inline in a roots entry
        int count = count(page);
        if (count < 0 || PageHeader.SIZE_BYTES + (long) count * CELL_SIZE_BYTES > size) {
            return "cell count " + count + " does not fit " + (size == PageFormat.PAGE_SIZE_BYTES ? "a page" : size + " bytes");
        }
        int payloadFrom = PageHeader.SIZE_BYTES + count * CELL_SIZE_BYTES;
        for (int i = 0; i < count; i++) {
            if (i > 0 && Long.compareUnsigned(key(page, i - 1), key(page, i)) >= 0) {
                return "keys not increasing at cell " + i;
            }
            ContainerKind kind = kind(page, i);
            int length = payloadLength(page, i);
            int offset = payloadOffset(page, i);
            int card = cardinality(page, i);
            if (kind == null) {
                return "cell " + i + " has unknown kind " + kindCode(page, i);
            }
            if (offset < payloadFrom || offset + length > size || length > MAX_PAYLOAD_BYTES) {
                return "cell " + i + " payload [" + offset + ", " + (offset + length) + ") outside the payload area";
            }
            String lengthError = switch (kind) {
                case ARRAY -> length == 2 * card && card >= 1 ? null : "array of " + card + " values in " + length + " bytes";
                case RUN -> length % 4 == 0 && length > 0 && card >= 1 && card <= BitmapPage.BITS ? null
                        : "run payload of " + length + " bytes for cardinality " + card;
                case BITMAP -> length == BITMAP_REF_BYTES && card >= 1 && card <= BitmapPage.BITS ? null
                        : "bitmap reference of " + length + " bytes, cardinality " + card;
                case BYTES -> null;
            };
            if (lengthError != null) {
                return "cell " + i + ": " + lengthError;
            }
        }
        return null;
    }

    /** Absolute offset of cell {@code i} in its page. */
    static long cell(int i) {
        return PageHeader.SIZE_BYTES + (long) i * CELL_SIZE_BYTES;
    }

    /**
     * Writes cells into a leaf page in key order: {@code start}, then one {@code append*} per
     * cell, then {@link #finish}. The caller has already checked with {@link #cellBytes} that the
     * cells fit.
     */
    public static final class Writer {
        private final MemorySegment page;
        private final int capacity;
        private int count;
        private int payloadEnd;

        /**
         * Starts a leaf of {@code kind} (LEAF, ROOTS or CATALOG) holding {@code cells} cells.
         */
        public Writer(MemorySegment page, PageKind kind, PageClass owner, long pgno, long txid, int cells) {
            if (!kind.isLeafLayout()) {
                throw new IllegalArgumentException(kind + " pages do not use the leaf layout");
            }
            page.fill((byte) 0);
            PageHeader.init(page, kind, owner, pgno, txid);
            this.page = page;
            this.capacity = cells;
            this.payloadEnd = PageHeader.SIZE_BYTES + cells * CELL_SIZE_BYTES;
        }

        /** Appends a cell whose payload is {@code length} bytes of {@code source} from {@code offset}. */
        public void append(long key, ContainerKind kind, int cardinality, MemorySegment source, long offset, int length) {
            int at = begin(key, kind, cardinality, length);
            MemorySegment.copy(source, offset, page, at, length);
        }

        public void appendBytes(long key, byte[] value) {
            int at = begin(key, ContainerKind.BYTES, 0, value.length);
            MemorySegment.copy(MemorySegment.ofArray(value), 0, page, at, value.length);
        }

        public void appendArray(long key, char[] values, int cardinality) {
            int at = begin(key, ContainerKind.ARRAY, cardinality, 2 * cardinality);
            for (int j = 0; j < cardinality; j++) {
                page.set(LE_CHAR, at + 2L * j, values[j]);
            }
        }

        /** {@code runs} holds (start, lengthMinusOne) pairs, as RoaringBitmap's run containers do. */
        public void appendRuns(long key, char[] runs, int runCount, int cardinality) {
            int at = begin(key, ContainerKind.RUN, cardinality, 4 * runCount);
            for (int j = 0; j < 2 * runCount; j++) {
                page.set(LE_CHAR, at + 2L * j, runs[j]);
            }
        }

        public void appendBitmap(long key, int cardinality, long pgno, long checksum) {
            int at = begin(key, ContainerKind.BITMAP, cardinality, BITMAP_REF_BYTES);
            page.set(LE_LONG, at, pgno);
            page.set(LE_LONG, at + 8, checksum);
        }

        private int begin(long key, ContainerKind kind, int cardinality, int length) {
            if (count == capacity) {
                throw new IllegalStateException("leaf writer was started for " + capacity + " cells");
            }
            if (length > MAX_PAYLOAD_BYTES) {
                throw new IllegalArgumentException("payload of " + length + " bytes exceeds " + MAX_PAYLOAD_BYTES);
            }
            int at = payloadEnd;
            if (at + length > PageFormat.PAGE_SIZE_BYTES) {
                throw new IllegalStateException("leaf overflow: cell " + count + " needs " + length
                        + " bytes at " + at);
            }
            long c = cell(count);
            page.set(LE_LONG, c + CELL_KEY_OFFSET, key);
            page.set(LE_INT, c + CELL_CARDINALITY_OFFSET, cardinality);
            page.set(BYTE, c + CELL_KIND_OFFSET, (byte) kind.code());
            page.set(LE_SHORT, c + CELL_LENGTH_OFFSET, (short) length);
            page.set(LE_SHORT, c + CELL_POSITION_OFFSET, (short) at);
            payloadEnd = PageFormat.align8(at + length);
            count++;
            return at;
        }

        /**
         * Sets the count and bytes used and returns the leaf's first bytes, which read as the whole
         * leaf, in memory from {@code allocator}: the image a roots entry holds inline. The writer
         * must have been started with {@link #INLINE_PAGE_NUMBER}; the image's checksum is 0, since
         * the roots page's covers it.
         */
        public MemorySegment finishImage(SegmentAllocator allocator) {
            if (PageHeader.pageNumber(page) != INLINE_PAGE_NUMBER) {
                throw new IllegalStateException("a leaf image is written with page number " + INLINE_PAGE_NUMBER);
            }
            complete(); // not sealed: hashing the 8 KiB page would be thrown away
            page.set(LE_LONG, PageHeader.CHECKSUM_OFFSET, 0L);
            long used = PageHeader.extra(page);
            MemorySegment image = allocator.allocate(used, Long.BYTES);
            MemorySegment.copy(page, 0, image, 0, used);
            return image;
        }

        /** Sets the count and bytes used, seals the page and returns its checksum. */
        public long finish() {
            complete();
            return PageHeader.seal(page);
        }

        private void complete() {
            if (count != capacity) {
                throw new IllegalStateException("leaf writer got " + count + " of " + capacity + " cells");
            }
            PageHeader.setCount(page, count);
            PageHeader.setExtra(page, Math.min(payloadEnd, PageFormat.PAGE_SIZE_BYTES));
        }
    }

    private LeafPage() {}
}
