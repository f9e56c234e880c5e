package dev.big.bench.bsi;

import dev.big.engine.Store;
import dev.big.pager.MmapPager;
import dev.big.pager.OpenMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** The dataset file of {@link BsiDataset}, opened read-only (memo on), shared by all threads. */
@State(Scope.Benchmark)
public class BsiFile {

    @Param({"1000000"})
    public long records;

    /** Whether the file also holds the depth fields of the cost-per-plane measurement. */
    @Param({"false"})
    public boolean depthFields;

    Store store;

    @Setup(Level.Trial)
    public void open() {
        store = Store.open(MmapPager.open(BsiDataset.file(records, depthFields), OpenMode.READ_ONLY));
    }

    @TearDown(Level.Trial)
    public void close() {
        if (store != null) {
            store.close();
        }
    }
}
