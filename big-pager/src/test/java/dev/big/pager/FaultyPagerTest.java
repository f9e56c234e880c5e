package dev.big.pager;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.PageFormat;
import dev.big.page.StorageException;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FaultyPagerTest {

    @Test
    void theNthWriteFailsAndWritesNothing() {
        FaultyPager pager = new FaultyPager().failWrite(2);
        pager.write(0, Pages.branch(0, 0));
        var error = assertThrows(StorageException.class, () -> pager.write(1, Pages.branch(1, 1)));
        assertTrue(error.getMessage().contains("writing page 1"), error.getMessage());
        assertEquals(1, pager.pageCount());
    }

    @Test
    void aTornWriteLeavesHalfThePage() {
        FaultyPager pager = new FaultyPager().tearWrite(1);
        MemorySegment page = Pages.randomBitmap(new Random(1));
        assertThrows(StorageException.class, () -> pager.write(0, page));
        byte[] stored = pager.read(0).toArray(PageFormat.BYTE);
        byte[] full = page.toArray(PageFormat.BYTE);
        assertArrayEquals(Arrays.copyOf(full, 4096), Arrays.copyOf(stored, 4096));
        assertArrayEquals(new byte[4096], Arrays.copyOfRange(stored, 4096, 8192));
    }

    @Test
    void aCrashDropsWhatWasNotSynced() {
        FaultyPager pager = new FaultyPager();
        pager.write(0, Pages.branch(0, 10));
        pager.sync();
        pager.write(0, Pages.branch(0, 11));
        pager.write(1, Pages.branch(1, 12));
        MemoryPager dropped = pager.crashImage(FaultyPager.CrashMode.DROP_UNSYNCED, new Random(1));
        assertEquals(1, dropped.pageCount());
        assertArrayEquals(Pages.branch(0, 10).toArray(PageFormat.BYTE), dropped.read(0).toArray(PageFormat.BYTE));
        MemoryPager kept = pager.crashImage(FaultyPager.CrashMode.KEEP_ALL, new Random(1));
        assertEquals(2, kept.pageCount());
        assertArrayEquals(Pages.branch(0, 11).toArray(PageFormat.BYTE), kept.read(0).toArray(PageFormat.BYTE));
    }

    @Test
    void aFailedSyncMakesNothingDurableAndAFullDiskRefusesGrowth() {
        FaultyPager pager = new FaultyPager().failSync(1).diskFullAt(3);
        pager.write(0, Pages.branch(0, 1));
        assertThrows(StorageException.class, pager::sync);
        assertEquals(0, pager.crashImage(FaultyPager.CrashMode.DROP_UNSYNCED, new Random(1)).pageCount());
        var full = assertThrows(StorageException.class, () -> pager.write(3, Pages.branch(3, 1)));
        assertTrue(full.getMessage().contains("No space left"), full.getMessage());
        pager.sync();
        assertEquals(1, pager.crashImage(FaultyPager.CrashMode.DROP_UNSYNCED, new Random(1)).pageCount());
    }

    @Test
    void randomSubsetsKeepSomeWritesAndMayTearOne() {
        FaultyPager pager = new FaultyPager();
        for (int i = 0; i < 8; i++) {
            pager.write(i, Pages.branch(i, i));
        }
        boolean sawDifferentImages = false;
        MemoryPager first = pager.crashImage(FaultyPager.CrashMode.KEEP_RANDOM_SUBSET, new Random(1));
        for (int seed = 2; seed < 10; seed++) {
            MemoryPager other = pager.crashImage(FaultyPager.CrashMode.KEEP_RANDOM_SUBSET, new Random(seed));
            if (other.pageCount() != first.pageCount()) {
                sawDifferentImages = true;
            }
        }
        assertTrue(sawDifferentImages);
        assertNotEquals(0, pager.writes());
    }
}
