package dev.big.bench.engine;

import dev.big.bench.BenchFiles;
import dev.big.engine.Store;
import dev.big.engine.WriteTxn;
import dev.big.engine.tree.Tree;
import dev.big.pager.MmapPager;
import dev.big.pager.OpenMode;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A database file under {@code target/} holding one fragment tree of {@link FragmentShape},
 * written in one commit and reopened read-only, with the pager's verified-checksum memo on or off.
 *
 * <p>Shared by all benchmark threads; each thread reads it through its own {@link FragmentReader}.
 */
@State(Scope.Benchmark)
public class FragmentFile {

    /** The fragment key the tree is stored under. */
    public static final long FRAGMENT_KEY = 1;

    /** Whether the pager remembers verified checksums (what a real open does) or rehashes every page. */
    @Param({"true", "false"})
    public boolean memo;

    @Param({"7"})
    public long seed;

    FragmentShape shape;
    Store store;
    private Path dir;

    @Setup(Level.Trial)
    public void open() {
        shape = new FragmentShape(seed);
        dir = BenchFiles.newDir("fragment");
        Path file = dir.resolve("fragment.big");
        try (Store writing = Store.create(file)) {
            try (WriteTxn txn = writing.beginWrite()) {
                Tree tree = Tree.of(txn, FRAGMENT_KEY);
                for (int r = 0; r < FragmentShape.ROWS; r++) {
                    for (int c = 0; c < FragmentShape.COLUMNS; c++) {
                        tree.put(FragmentShape.key(r, c), shape.container(r, c));
                    }
                }
                txn.commit();
            }
        }
        store = Store.open(MmapPager.open(file, OpenMode.READ_ONLY, memo));
    }

    @TearDown(Level.Trial)
    public void close() {
        if (store != null) {
            store.close();
        }
        BenchFiles.deleteRecursively(dir);
    }
}
