package dev.big.db.catalog;

import dev.big.engine.Txn;
import dev.big.engine.WriteTxn;
import dev.big.engine.rows.RowCounts;
import dev.big.engine.rows.RowReader;
import dev.big.page.MetaPage;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * How many records of a table live in a shard, kept with the shard's existence fragment so that a
 * table's record count is a walk of the roots tree, not of the bits. In files of format
 * {@link MetaPage#VERSION_ROW_COUNTS} and later it is the count of the fragment's row 0 among the
 * row counts every rows fragment keeps ({@link RowCounts}, kept by the write transaction); before,
 * the summary of an existence fragment was the count alone, which writers stored after each change,
 * and export streams still carry it so:
 *
 * <pre>RecordCount --&gt; Count:u64</pre>
 */
public final class RecordCounts {

    /** The count as an export stream carries it (and as files before format 3 keep it). */
    public static byte[] encode(long count) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(count).array();
    }

    /** The count of a summary in {@link #encode}'s form: an export stream's, or a file's before format 3. */
    public static long decode(byte[] summary) {
        return summary.length < 8 ? 0 : ByteBuffer.wrap(summary).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    /** The record count that existence fragment {@code fragment}'s {@code summary} keeps in {@code txn}'s file. */
    public static long count(Txn txn, long fragment, byte[] summary) {
        if (txn.formatVersion() >= MetaPage.VERSION_ROW_COUNTS) {
            return RowCounts.decode(summary, txn.file(), fragment).count(0);
        }
        return decode(summary);
    }

    /**
     * Keeps the record count of existence fragment {@code fragment} after a write changed it: in a
     * file before format 3, counted from its row 0 (cell cardinalities, no container read) and stored
     * as its summary (an empty fragment keeps none); from format 3 on the transaction keeps it.
     */
    public static void store(WriteTxn txn, long fragment, RowReader rows) {
        if (txn.keepsRowCounts(fragment)) {
            return;
        }
        long count = rows.cardinality(txn.fragment(fragment), 0);
        txn.setSummary(fragment, count == 0 ? new byte[0] : encode(count));
    }

    private RecordCounts() {}
}
