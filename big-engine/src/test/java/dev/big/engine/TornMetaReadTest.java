package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.BigException;
import dev.big.page.CorruptPageException;
import dev.big.page.MetaPage;
import dev.big.pager.ForwardingPager;
import dev.big.pager.MemoryPager;
import dev.big.pager.Pager;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/**
 * A read-only handle may read both meta slots while a writer in another process is writing them,
 * one commit after the other (seen at a few hundred commits a second): the open reads them again
 * rather than calling the file damaged, while a file whose slots stay damaged is still refused.
 * Likewise it may learn the file's size before the writer grows it and read a meta page written
 * after: it follows the growth rather than calling the file truncated.
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

    /** A read-only view that knows only {@code stalePages} of the file until it follows its growth (never, if {@code staysShort}). */
    private static final class StaleSize extends ForwardingPager {
        private final long stalePages;
        private final boolean staysShort;
        private boolean followed;

        StaleSize(Pager file, long stalePages, boolean staysShort) {
            super(file);
            this.stalePages = stalePages;
            this.staysShort = staysShort;
        }

        @Override
        public long pageCount() {
            return followed && !staysShort ? super.pageCount() : stalePages;
        }

        @Override
        public long fileSizeBytes() {
            return pageCount() * Pager.PAGE_SIZE_BYTES;
        }

        @Override
        public long followGrowth() {
            followed = true;
            return pageCount();
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

    @Test
    void aReadOnlyOpenThatLearnedTheSizeBeforeTheWriterGrewTheFileFollowsTheGrowth() {
        // Seen in the multi-process battery (seed 14936655989368): "truncated: its last commit
        // (txid 3) needs 21 pages but the file has 3".
        try (Store store = Store.open(new StaleSize(fileWithCommits(), MetaPage.SLOTS + 1, false))) {
            assertEquals(2, StampedCommits.latest(store));
        }
    }

    @Test
    void aFileThatStaysShorterThanItsLastCommitIsStillRefusedAsTruncated() {
        BigException refused = assertThrows(BigException.class,
                () -> Store.open(new StaleSize(fileWithCommits(), MetaPage.SLOTS + 1, true)));
        assertTrue(refused.getMessage().contains("is truncated"), refused.getMessage());
    }
}
