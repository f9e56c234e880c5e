package dev.big.engine.coords;

import dev.big.page.BigException;

/**
 * Addressing: where a record's bits live. This is a wire format (export streams use it, every
 * fragment tree is keyed by it); changing it is a version break, see docs/versioning.md.
 *
 * <pre>
 * record id   : u63 (a non-negative long), 0 .. 2^63 - 1
 * shard       = id &gt;&gt;&gt; 20                 (shard width 2^20 records)
 * column      = id &amp; 0xFFFFF              (position of the record inside its shard)
 * fragment    = (field, view, shard)
 * position    = row * 2^20 + column        (bit for (row, column) inside a fragment)
 * containerKey = position &gt;&gt;&gt; 16 = row * 16 + column &gt;&gt;&gt; 16   (16 container keys per row)
 * low         = column &amp; 0xFFFF            (bit inside the container)
 * fragmentKey = field:u16 | view:u4 | shard:u44   (most to least significant bits)
 * </pre>
 *
 * <p>Rows are limited to {@code 2^60 - 1} so a container key fits 64 bits; fields to 65,535
 * (field 0 is reserved), views to 16.
 */
public final class Coords {

    public static final int SHARD_WIDTH_BITS = 20;
    public static final long SHARD_WIDTH = 1L << SHARD_WIDTH_BITS;
    public static final int CONTAINER_BITS = 16;
    /** Container keys per row: a row of a shard spans 2^20 / 2^16 containers. */
    public static final int CONTAINERS_PER_ROW = 1 << (SHARD_WIDTH_BITS - CONTAINER_BITS);

    /**
     * The largest record id, one below the largest long: a table's next id (the id after its
     * largest) must fit a long too.
     */
    public static final long MAX_RECORD_ID = Long.MAX_VALUE - 1;
    public static final long MAX_SHARD = MAX_RECORD_ID >>> SHARD_WIDTH_BITS;
    public static final long MAX_ROW = (1L << 60) - 1;
    public static final int MAX_FIELD = 0xFFFF;
    public static final int MAX_VIEW = 0xF;

    /** One row per value: bool, keyed and set fields, and a table's record-existence row. */
    public static final int VIEW_ROWS = 0;
    /** Bit-sliced integer planes (int and timestamp fields, keyed value ids). */
    public static final int VIEW_BSI = 1;

    static final int VIEW_SHIFT = 44;
    static final int FIELD_SHIFT = 48;
    static final long SHARD_MASK = (1L << VIEW_SHIFT) - 1;

    public static long shard(long recordId) {
        return recordId >>> SHARD_WIDTH_BITS;
    }

    public static int column(long recordId) {
        return (int) (recordId & (SHARD_WIDTH - 1));
    }

    public static long recordId(long shard, int column) {
        return (shard << SHARD_WIDTH_BITS) | column;
    }

    /** Which of the 16 containers of a row holds {@code column}. */
    public static int containerColumn(int column) {
        return column >>> CONTAINER_BITS;
    }

    /** The bit of {@code column} inside its container. */
    public static int low(int column) {
        return column & 0xFFFF;
    }

    public static long position(long row, int column) {
        return (row << SHARD_WIDTH_BITS) | column;
    }

    /** The container key of (row, column) inside a fragment: {@code position >>> 16}. */
    public static long containerKey(long row, int column) {
        return (row << (SHARD_WIDTH_BITS - CONTAINER_BITS)) | (column >>> CONTAINER_BITS);
    }

    /** The container key of row {@code row}, container column {@code containerColumn} (0..15). */
    public static long containerKeyOf(long row, int containerColumn) {
        return (row << (SHARD_WIDTH_BITS - CONTAINER_BITS)) | containerColumn;
    }

    public static long rowOfKey(long containerKey) {
        return containerKey >>> (SHARD_WIDTH_BITS - CONTAINER_BITS);
    }

    public static int containerColumnOfKey(long containerKey) {
        return (int) (containerKey & (CONTAINERS_PER_ROW - 1));
    }

    /** The first column of the container {@code containerKey} covers. */
    public static int firstColumnOfKey(long containerKey) {
        return containerColumnOfKey(containerKey) << CONTAINER_BITS;
    }

    public static long fragmentKey(int field, int view, long shard) {
        if (field < 1 || field > MAX_FIELD) {
            throw new IllegalArgumentException("field id " + field + " outside 1.." + MAX_FIELD);
        }
        if (view < 0 || view > MAX_VIEW) {
            throw new IllegalArgumentException("view " + view + " outside 0.." + MAX_VIEW);
        }
        if (shard < 0 || shard > MAX_SHARD) {
            throw new IllegalArgumentException("shard " + shard + " outside 0.." + MAX_SHARD);
        }
        return ((long) field << FIELD_SHIFT) | ((long) view << VIEW_SHIFT) | shard;
    }

    /** The smallest fragment key of (field, view): its shard 0. */
    public static long firstFragmentKey(int field, int view) {
        return fragmentKey(field, view, 0);
    }

    /** The largest fragment key (field, view) can have. */
    public static long lastFragmentKey(int field, int view) {
        return ((long) field << FIELD_SHIFT) | ((long) view << VIEW_SHIFT) | SHARD_MASK;
    }

    public static int fieldOf(long fragmentKey) {
        return (int) (fragmentKey >>> FIELD_SHIFT);
    }

    public static int viewOf(long fragmentKey) {
        return (int) ((fragmentKey >>> VIEW_SHIFT) & MAX_VIEW);
    }

    public static long shardOf(long fragmentKey) {
        return fragmentKey & SHARD_MASK;
    }

    /** Throws a clear error unless {@code recordId} is a valid record id. */
    public static void checkRecordId(long recordId) {
        if (recordId < 0 || recordId > MAX_RECORD_ID) {
            throw new BigException(recordIdProblem(recordId));
        }
    }

    /** What is wrong with {@code recordId} as a record id, for a message. */
    public static String recordIdProblem(long recordId) {
        return recordId < 0 ? "record id " + recordId + " is negative: ids are 0.." + MAX_RECORD_ID
                : "record id " + recordId + " is past the largest, " + MAX_RECORD_ID + " (the id after a table's largest"
                        + " must fit a 64-bit integer): ids are 0.." + MAX_RECORD_ID;
    }

    private Coords() {}
}
