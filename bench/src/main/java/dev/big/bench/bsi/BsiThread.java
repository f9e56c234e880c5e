package dev.big.bench.bsi;

import dev.big.engine.ReadTxn;
import dev.big.engine.bsi.BsiReader;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One reader thread's view: a read transaction on the dataset, a reader per field, and a
 * precomputed stream of random record ids (so choosing an id costs nothing measurable).
 */
@State(Scope.Thread)
public class BsiThread {

    static final int IDS = 1 << 16;

    ReadTxn txn;
    BsiReader value;
    BsiReader receivedAt;
    final long[] ids = new long[IDS];
    final long[] out = new long[1];
    int next;
    long records;

    @Setup(Level.Trial)
    public void open(BsiFile file) {
        txn = file.store.beginRead();
        value = new BsiReader(txn, BsiDataset.VALUE);
        receivedAt = new BsiReader(txn, BsiDataset.RECEIVED_AT);
        records = file.records;
        SplittableRandom random = new SplittableRandom(Thread.currentThread().threadId());
        for (int i = 0; i < IDS; i++) {
            ids[i] = random.nextLong(file.records);
        }
    }

    long nextId() {
        return ids[next++ & (IDS - 1)];
    }

    @TearDown(Level.Trial)
    public void close() {
        if (txn != null) {
            txn.close();
        }
    }
}
