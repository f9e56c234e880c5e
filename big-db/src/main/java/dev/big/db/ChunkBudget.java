package dev.big.db;

import dev.big.engine.coords.Coords;

/**
 * How much a bulk load may buffer, in bytes: its two chunks (one being checked on the caller's
 * thread, one being committed) together stay within a budget, whatever the table's width.
 *
 * <p>A chunk holds, per record, its id and a slot per field in typed arrays (allocated up front,
 * for as many records as the chunk can take: a number's slot is 9 bytes, a string's or a set's a
 * reference; {@code write.RecordColumns}), plus the strings and sets the references keep alive
 * (counted as they arrive). The arrays are sized as if every slot were a reference to a boxed
 * number, which is more than any slot takes, so the bound holds whatever the fields' kinds. The chunk ends once it reaches its half of the budget (a single record
 * larger than that still forms a chunk of its own), so under the default budget a table of 1,024
 * int fields commits chunks of about 1,300 records where a table of a few fields commits full
 * container columns. Sizes are estimates of the JVM's object layout taken on the generous side
 * (8-byte references, as without compressed pointers; a 16-byte header per boxed value), so the
 * bound holds on any heap.
 */
final class ChunkBudget {

    /** The records of one container column: a chunk ends where one column meets the next. */
    static final int COLUMN_RECORDS = 1 << Coords.CONTAINER_BITS;
    /**
     * Records after which a chunk ends, at the next container-column boundary, when the budget
     * allows ({@link #chunkRecords()}): a chunk of a dense table holds from this many records up to
     * {@link #MAX_BUFFER_RECORDS} - 1. Four columns, not one: a chunk's commit rewrites every leaf
     * its new cells go into, and a fragment's cells are keyed by row, then column, so the cells of
     * a new column go next to those of every column before it in the shard. A 10,000,000-row CSV
     * load in chunks of one column wrote 632 MiB for a 189 MiB file; in chunks of four, 270 MiB,
     * and took 10-15% less time (bench/results/csv-load).
     */
    static final int CHUNK_RECORDS = 4 * COLUMN_RECORDS;
    /** Room for a chunk plus the rest of the container column it ends in. */
    static final int MAX_BUFFER_RECORDS = CHUNK_RECORDS + COLUMN_RECORDS;

    static final int REFERENCE_BYTES = 8;
    static final int ID_BYTES = Long.BYTES;
    /** A boxed Long, or an Instant's millis after normalisation: header and payload. */
    static final int BOXED_BYTES = 16;
    static final int OBJECT_HEADER_BYTES = 16;
    static final int ARRAY_HEADER_BYTES = 16;

    private final long chunkBytes;
    private final int fixedBytesPerRecord;
    private final int capacity;
    /** See {@link #chunkRecords()}; asked before every record a load adds. */
    private final int chunkRecords;

    /** The sizing for a table of {@code fields} fields under a budget of {@code budgetBytes} for both chunks. */
    ChunkBudget(int fields, long budgetBytes) {
        if (budgetBytes < 1) {
            throw new IllegalArgumentException("bulk load buffer budget must be positive, got " + budgetBytes + " bytes");
        }
        this.chunkBytes = budgetBytes / 2;
        this.fixedBytesPerRecord = ID_BYTES + fields * REFERENCE_BYTES;
        // Arrays for as many records as fit if every value were a boxed number, so a table of
        // numbers fills its arrays before its value bytes run out; larger values end chunks sooner.
        long perRecord = fixedBytesPerRecord + (long) fields * BOXED_BYTES;
        this.capacity = Math.clamp(chunkBytes / perRecord, 1, MAX_BUFFER_RECORDS);
        int wholeColumns = (capacity - COLUMN_RECORDS) / COLUMN_RECORDS;
        this.chunkRecords = Math.clamp((long) wholeColumns * COLUMN_RECORDS, COLUMN_RECORDS, CHUNK_RECORDS);
    }

    /**
     * Records after which a chunk ends at the next container-column boundary: {@link #CHUNK_RECORDS},
     * or as many whole columns as leave the arrays room for the column it then ends in (at least
     * one column; a chunk whose arrays fill first ends there, mid-column).
     */
    int chunkRecords() {
        return chunkRecords;
    }

    /** Records one chunk's arrays hold (at least 1: a record always fits, however large). */
    int capacity() {
        return capacity;
    }

    /** Bytes one chunk may take: half the budget. */
    long chunkBytes() {
        return chunkBytes;
    }

    /** What a chunk's arrays take, before any value: ids and references for {@link #capacity()} records. */
    long arrayBytes() {
        return (long) capacity * fixedBytesPerRecord;
    }

    /**
     * Whether a chunk of {@code count} records holding {@code valueBytes} of values must be
     * committed before it takes another record: its arrays are full, or it reached its half of the
     * budget. Asked before a record is checked (so a chunk can overshoot by the one record that
     * crossed the line, never more).
     */
    boolean isFull(int count, long valueBytes) {
        return count == capacity || (count > 0 && arrayBytes() + valueBytes >= chunkBytes);
    }

    /** Heap bytes a normalised value (see {@code ValueNormalizer.normalize}) keeps alive while buffered. */
    static long valueBytes(Object value) {
        return switch (value) {
            case null -> 0;
            case Long ignored -> 0; // held in the chunk's long[] (the arrays are counted up front)
            case Boolean ignored -> 0; // Boolean.TRUE and FALSE: shared, never allocated per value
            case String s -> stringBytes(s);
            case String[] set -> {
                long bytes = ARRAY_HEADER_BYTES + (long) set.length * REFERENCE_BYTES;
                for (String element : set) {
                    bytes += stringBytes(element);
                }
                yield bytes;
            }
            default -> throw new IllegalArgumentException("not a normalised value: " + value.getClass().getName());
        };
    }

    /** A String and its byte array, counted as UTF-16 (two bytes a char) so Latin-1 strings are over-counted, never under. */
    static long stringBytes(String s) {
        return OBJECT_HEADER_BYTES + 8 + ARRAY_HEADER_BYTES + 2L * s.length();
    }
}
