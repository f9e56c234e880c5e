package dev.big.pager;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.BigException;
import dev.big.page.BitmapPage;
import dev.big.page.DatabaseClosedException;
import dev.big.page.PageFormat;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The pager contract, and what a pager that can be reopened read-only promises besides (pages in
 * memory and the fault-injecting pager have no read-only mode, so they run {@link PagerContract}
 * alone rather than skipping this test).
 */
abstract class ReadOnlyPagerContract extends PagerContract {

    /** Closes {@code pager} and opens what it held read-only. */
    abstract Pager reopenReadOnly(Pager pager);

    @Test
    void aReadOnlyPagerReadsWhatWasWrittenAndRefusesChanges() {
        Pager writer = newPager();
        assertFalse(writer.readOnly());
        MemorySegment page = Pages.randomBitmap(new Random(11));
        writer.write(0, Pages.branch(0, 1));
        writer.write(1, page);
        writer.sync();
        writer.truncate(2);
        Pager reader = closedAfterTest(reopenReadOnly(writer));
        assertTrue(reader.readOnly());
        assertEquals(2, reader.pageCount());
        assertArrayEquals(page.toArray(PageFormat.BYTE), reader.read(1).toArray(PageFormat.BYTE));
        assertTrue(reader.verifyBitmap(1, reader.read(1), BitmapPage.checksum(page)));
        for (Executable change : changes(reader)) {
            var error = assertThrows(BigException.class, change);
            assertTrue(error.getMessage().contains("read-only"), error.getMessage());
        }
        assertEquals(2, reader.pageCount());
        assertArrayEquals(page.toArray(PageFormat.BYTE), reader.read(1).toArray(PageFormat.BYTE));
        reader.close();
        assertThrows(DatabaseClosedException.class, () -> reader.read(0));
    }
}
