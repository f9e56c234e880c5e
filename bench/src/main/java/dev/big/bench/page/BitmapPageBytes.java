package dev.big.bench.page;

import dev.big.bench.BenchFiles;
import dev.big.bench.pager.RandomBitmapPage;
import dev.big.pager.MmapPager;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The bytes of one random bitmap page, either in a heap array or in a memory-mapped file under
 * {@code target/}: the hash reads both through the same {@code MemorySegment} accessors, and this
 * shows whether the kind of memory changes its speed.
 */
@State(Scope.Benchmark)
public class BitmapPageBytes {

    /** {@code heap}: a {@code byte[]} segment; {@code mapped}: a view of a mapped file. */
    @Param({"heap", "mapped"})
    public String memory;

    @Param({"42"})
    public long seed;

    MemorySegment page;
    private MmapPager pager;
    private Path dir;

    @Setup(Level.Trial)
    public void open() {
        MemorySegment heap = RandomBitmapPage.onHeap(seed);
        switch (memory) {
            case "heap" -> page = heap;
            case "mapped" -> {
                dir = BenchFiles.newDir("bitmap-checksum");
                pager = RandomBitmapPage.inNewFile(dir.resolve("pages.big"), heap, false);
                page = pager.read(RandomBitmapPage.PAGE_NUMBER);
            }
            default -> throw new IllegalArgumentException("memory must be heap or mapped, not '" + memory + "'");
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        if (pager != null) {
            pager.close();
        }
        if (dir != null) {
            BenchFiles.deleteRecursively(dir);
        }
    }
}
