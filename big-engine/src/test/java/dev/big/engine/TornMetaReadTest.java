package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.big.page.CorruptPageException;
import dev.big.pager.ForwardingPager;
import dev.big.pager.MemoryPager;
import dev.big.pager.Pager;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/**
 * A read-only handle may read both meta slots while a writer in another process is writing them,
 * one commit after the other (seen at a few hundred commits a second): the open reads them again
 * rather than calling the file damaged, while a file whose slots stay damaged is still refused.
 */
class TornMetaReadTest {

    /** A read-only view of a file whose meta slots read torn the first {@code tornReads} times. */
    private static final class TornMeta extends ForwardingPager {
        private int tornReads;

        TornMeta(Pager file, int tornReads) {
            super(file);
            this.tornReads = tornReads;
        }

        @Override
        public MemorySegment read(long pgno) {
            MemorySegment page = super.read(pgno);
            if (pgno > 1 || tornReads <= 0) {
                return page;
            }
            if (pgno == 1) {
                tornReads--;
            }
            MemorySegment torn = MemorySegment.ofArray(page.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
            torn.asSlice(Pager.PAGE_SIZE_BYTES / 2).fill((byte) 0x5A); // the second half not yet written
            return torn;
        }

        @Override
        public boolean readOnly() {
            return true;
        }
    }

    private static MemoryPager fileWithCommits() {
        MemoryPager file = new MemoryPager("torn");
        try (Store store = Store.create(new ForwardingPager(file) {
            @Override
            public void close() {}
        })) {
            StampedCommits.writeCommit(store, 1);
            StampedCommits.writeCommit(store, 2);
        }
        return file;
    }

    @Test
    void aReadOnlyOpenThatMeetsBothSlotsMidWriteReadsThemAgain() {
        try (Store store = Store.open(new TornMeta(fileWithCommits(), 3))) {
            assertEquals(2, StampedCommits.latest(store));
        }
    }

    @Test
    void slotsThatStayDamagedAreStillRefused() {
        assertThrows(CorruptPageException.class,
                () -> Store.open(new TornMeta(fileWithCommits(), MetaSlots.TORN_READ_ATTEMPTS)));
    }
}
