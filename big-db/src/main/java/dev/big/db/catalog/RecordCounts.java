package dev.big.db.catalog;

import dev.big.engine.WriteTxn;
import dev.big.engine.rows.RowReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The summary of an existence fragment: how many records of its table live in its shard, so a
 * table's record count is a walk of the roots tree, not of the bits.
 *
 * <pre>RecordCount --&gt; Count:u64</pre>
 */
public final class RecordCounts {

    public static byte[] encode(long count) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(count).array();
    }

    public static long decode(byte[] summary) {
        return summary.length < 8 ? 0 : ByteBuffer.wrap(summary).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    /**
     * Counts existence fragment {@code fragment} from its row 0 (cell cardinalities, no container
     * read) and stores the count as its summary; an empty fragment keeps none.
     */
    public static void store(WriteTxn txn, long fragment, RowReader rows) {
        long count = rows.cardinality(txn.fragment(fragment), 0);
        txn.setSummary(fragment, count == 0 ? new byte[0] : encode(count));
    }

    private RecordCounts() {}
}
