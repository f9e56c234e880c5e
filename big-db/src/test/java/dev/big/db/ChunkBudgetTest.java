package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bulk loader's chunk sizing: narrow tables keep full chunks, wide ones stay within the budget. */
class ChunkBudgetTest {

    private static final long BUDGET = Db.DEFAULT_BULK_LOAD_BUFFER_BYTES;

    @Test
    void aNarrowTableKeepsItsFullChunks() {
        ChunkBudget budget = new ChunkBudget(2, BUDGET);
        assertEquals(ChunkBudget.MAX_BUFFER_RECORDS, budget.capacity());
        assertEquals(ChunkBudget.CHUNK_RECORDS, budget.chunkRecords(), "four container columns");
        assertFalse(budget.isFull(ChunkBudget.CHUNK_RECORDS, ChunkBudget.CHUNK_RECORDS * 2L * ChunkBudget.BOXED_BYTES),
                "a chunk of 262,144 records of 2 numbers is far from 32 MiB");
    }

    /** A chunk ends on a container-column boundary only if its arrays still have room for the column it ends in. */
    @Test
    void aChunkEndsAfterAsManyWholeColumnsAsItsArraysLeaveRoomFor() {
        ChunkBudget six = new ChunkBudget(6, BUDGET);
        assertEquals(BUDGET / 2 / (ChunkBudget.ID_BYTES + 6 * (ChunkBudget.REFERENCE_BYTES + ChunkBudget.BOXED_BYTES)),
                six.capacity(), "6 numbers under 64 MiB: 220,752 records");
        assertEquals(2 * ChunkBudget.COLUMN_RECORDS, six.chunkRecords(), "two columns, and room for the third it ends in");
        assertTrue(six.chunkRecords() + ChunkBudget.COLUMN_RECORDS - 1 < six.capacity());
        assertEquals(ChunkBudget.CHUNK_RECORDS, new ChunkBudget(6, 256L << 20).chunkRecords(), "under 256 MiB, four");
        assertEquals(ChunkBudget.COLUMN_RECORDS, new ChunkBudget(1024, BUDGET).chunkRecords(),
                "at least one column: a wide table's arrays fill first, and end its chunks mid-column");
    }

    @Test
    void aWideTableOfNumbersFillsItsArraysWithinHalfTheBudget() {
        ChunkBudget budget = new ChunkBudget(1024, BUDGET);
        int capacity = budget.capacity();
        long perRecord = ChunkBudget.ID_BYTES + 1024L * (ChunkBudget.REFERENCE_BYTES + ChunkBudget.BOXED_BYTES);
        assertEquals(BUDGET / 2 / perRecord, capacity, "1,024 fields: about 1,300 records a chunk");
        long fullValues = (long) capacity * 1024 * ChunkBudget.BOXED_BYTES;
        assertTrue(budget.arrayBytes() + fullValues <= BUDGET / 2, "arrays and boxed values of a full chunk fit half the budget");
        assertFalse(budget.isFull(capacity - 1, fullValues - 1024 * ChunkBudget.BOXED_BYTES));
        assertTrue(budget.isFull(capacity, fullValues), "a chunk with every array slot used is full");
    }

    @Test
    void largeValuesEndAChunkBeforeItsArraysFill() {
        ChunkBudget budget = new ChunkBudget(4, BUDGET);
        long set = ChunkBudget.valueBytes(bigSet(10_000));
        assertTrue(set > 300_000, "a set of 10,000 strings is counted with its strings: " + set);
        int count = 0;
        long bytes = 0;
        while (!budget.isFull(count, bytes)) {
            bytes += set;
            count++;
        }
        assertTrue(count < budget.capacity(), "the values, not the arrays, ended the chunk");
        assertTrue(budget.arrayBytes() + bytes <= BUDGET / 2 + set, "overshoot is at most the record that crossed the line");
        assertTrue(budget.arrayBytes() + bytes >= BUDGET / 2);
    }

    @Test
    void aRecordLargerThanTheBudgetStillFormsAChunk() {
        ChunkBudget budget = new ChunkBudget(1, 1024);
        assertFalse(budget.isFull(0, 0), "an empty chunk takes any record");
        assertTrue(budget.isFull(1, ChunkBudget.valueBytes(bigSet(100))), "and then commits it alone");
    }

    @Test
    void valuesAreCountedByWhatTheyKeepAlive() {
        assertEquals(0, ChunkBudget.valueBytes(null));
        assertEquals(0, ChunkBudget.valueBytes(Boolean.TRUE), "booleans are shared instances");
        assertEquals(0, ChunkBudget.valueBytes(42L), "numbers are held unboxed, in arrays counted up front");
        long empty = ChunkBudget.valueBytes("");
        assertEquals(empty + 2 * 10, ChunkBudget.valueBytes("0123456789"), "two bytes a char, never fewer");
        assertEquals(ChunkBudget.ARRAY_HEADER_BYTES + 2 * (ChunkBudget.REFERENCE_BYTES + empty + 2),
                ChunkBudget.valueBytes(new String[] {"a", "b"}));
    }

    private static String[] bigSet(int n) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            values.add("value-" + i);
        }
        return values.toArray(String[]::new);
    }
}
