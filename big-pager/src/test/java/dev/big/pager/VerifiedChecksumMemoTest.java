package dev.big.pager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VerifiedChecksumMemoTest {

    private static final int SLOTS_PER_STRIPE = 64;
    private static final int CAPACITY = VerifiedChecksumMemo.STRIPES * SLOTS_PER_STRIPE;

    /**
     * A file that fits the memo is remembered whole: a page evicted by another page of the same
     * file would be rehashed on every read that touches both (see the class comment).
     */
    @Test
    void everyPageOfAFileNoLargerThanTheMemoStaysRemembered() {
        VerifiedChecksumMemo memo = new VerifiedChecksumMemo(SLOTS_PER_STRIPE);
        for (long pgno = 0; pgno < CAPACITY; pgno++) {
            memo.remember(pgno, checksumOf(pgno), VerifiedChecksumMemo.Hash.BITMAP_PAGE);
        }
        int forgotten = 0;
        for (long pgno = 0; pgno < CAPACITY; pgno++) {
            if (!memo.isVerified(pgno, checksumOf(pgno), VerifiedChecksumMemo.Hash.BITMAP_PAGE)) {
                forgotten++;
            }
        }
        assertEquals(0, forgotten, "pages of " + CAPACITY + " evicted by others of the same file");
    }

    @Test
    void aPageOneMemoSizeFurtherTakesTheSlotAndTheFirstIsHashedAgain() {
        VerifiedChecksumMemo memo = new VerifiedChecksumMemo(SLOTS_PER_STRIPE);
        memo.remember(7, 70, VerifiedChecksumMemo.Hash.BITMAP_PAGE);
        memo.remember(7 + CAPACITY, 71, VerifiedChecksumMemo.Hash.BITMAP_PAGE);
        assertFalse(memo.isVerified(7, 70, VerifiedChecksumMemo.Hash.BITMAP_PAGE));
        assertTrue(memo.isVerified(7 + CAPACITY, 71, VerifiedChecksumMemo.Hash.BITMAP_PAGE));
    }

    private static long checksumOf(long pgno) {
        return pgno * 31 + 5;
    }
}
