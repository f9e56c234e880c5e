package dev.big.bench.pager;

import dev.big.bench.BenchFiles;
import dev.big.page.BitmapPage;
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
 * A bitmap page in a memory-mapped file under {@code target/}, already verified once against its
 * checksum, read through an {@link MmapPager} with the verified-checksum memo on or off.
 *
 * <p>With {@code memo=true} the second and later verifications of the page find (page number,
 * checksum) in the memo and skip the hash; with {@code memo=false} every verification rehashes
 * the 8 KiB. The difference is what the memo saves per bit plane of a point read.
 */
@State(Scope.Benchmark)
public class VerifiedBitmapPage {

    /** Whether the pager remembers verified checksums. */
    @Param({"true", "false"})
    public boolean memo;

    /** The seed of the page's random words. */
    @Param({"42"})
    public long seed;

    MmapPager pager;
    MemorySegment page;
    /** What {@code verifyBitmap} is asked to confirm; the page's real checksum after setup. */
    long expectedChecksum;
    private Path dir;

    @Setup(Level.Trial)
    public void open() {
        dir = BenchFiles.newDir("verify-bitmap");
        MemorySegment written = RandomBitmapPage.onHeap(seed);
        pager = RandomBitmapPage.inNewFile(dir.resolve("pages.big"), written, memo);
        page = pager.read(RandomBitmapPage.PAGE_NUMBER);
        expectedChecksum = BitmapPage.checksum(written);
        if (!pager.verifyBitmap(RandomBitmapPage.PAGE_NUMBER, page, expectedChecksum)) {
            throw new IllegalStateException("the page read back from " + pager.name()
                    + " does not match the page written; the benchmark would measure a failure path");
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        if (pager != null) {
            pager.close();
        }
        BenchFiles.deleteRecursively(dir);
    }
}
