package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.log.LogFrames;
import dev.big.page.BigException;
import dev.big.page.MetaPage;
import dev.big.pager.LogFile;
import dev.big.pager.MemoryPager;
import java.util.HashMap;
import org.junit.jupiter.api.Test;

/**
 * Bit rot in the write log: a flipped bit in any frame but the last is found, never answered. A
 * writer refuses to open the file (the frames after the damage say a commit past it was
 * acknowledged), a read-only handle reads the commits before the damage and says why, and a check
 * of a handle that read past the damage reports it. The last frame's damage looks like a write a
 * crash tore, as in any log; the frame before it is still read.
 */
class WriteLogDamageTest {

    private static final long SEED = 3;
    private static final int COMMITS = 8;

    @Test
    void everyBitFlippedInAnAcknowledgedFrameIsFoundNotAnswered() {
        MemoryPager pager = new MemoryPager("damaged");
        byte[][] pages;
        long pageCount;
        byte[] log;
        try (Store store = Store.create(pager, MetaPage.VERSION_WRITE_LOG)) {
            for (int i = 1; i <= COMMITS; i++) {
                try (WriteTxn txn = store.beginWrite()) {
                    CommitWorkload.apply(SEED, i, txn, new HashMap<>());
                    txn.commit();
                }
            }
            pages = pager.snapshotPages();
            pageCount = pager.pageCount();
            try (LogFile file = pager.openLog()) {
                log = new byte[(int) file.size()];
                file.read(0, log, 0, log.length);
            }
        }
        LogFrames.Scan intact = LogFrames.scan(image(log), 0, 0, 0);
        assertEquals(COMMITS, intact.frames().size(), intact.stoppedBecause());
        LogFrames.Frame damagedFrame = intact.frames().get(COMMITS / 2);
        assertEquals(COMMITS, stampOf(pages, pageCount, log), "the intact log");
        for (long bit = damagedFrame.start() * 8; bit < damagedFrame.end() * 8; bit += 7) {
            byte[] damaged = log.clone();
            damaged[(int) (bit / 8)] ^= (byte) (1 << (bit % 8));
            String where = "bit " + bit + " of the frame of commit " + (COMMITS / 2 + 1);
            BigException refused = assertThrows(BigException.class, () -> Store.open(memory(pages, pageCount, damaged)).close(),
                    where);
            assertTrue(refused.getMessage().contains("is damaged at byte " + damagedFrame.start())
                    && refused.getMessage().contains("read-only"), where + ": " + refused.getMessage());
            try (Store readOnly = readOnlyImage(pages, pageCount, damaged)) {
                try (ReadTxn txn = readOnly.beginRead()) {
                    assertEquals(COMMITS / 2, CommitWorkload.stamp(txn), where + ": the commits before the damage");
                }
                assertTrue(readOnly.openNotes().stream().anyMatch(note -> note.contains("is damaged")), where);
            }
        }
    }

    @Test
    void aCheckOfAHandleThatReadPastTheDamageReportsIt() {
        MemoryPager pager = new MemoryPager("rotting");
        try (Store store = Store.create(pager, MetaPage.VERSION_WRITE_LOG)) {
            for (int i = 1; i <= COMMITS; i++) {
                try (WriteTxn txn = store.beginWrite()) {
                    CommitWorkload.apply(SEED, i, txn, new HashMap<>());
                    txn.commit();
                }
            }
            assertTrue(store.check().ok(), store.check().describe());
            try (LogFile file = pager.openLog()) {
                LogFrames.Frame frame = LogFrames.scan(file, 0, 0, 0).frames().get(2);
                byte[] one = new byte[1];
                file.read(frame.start() + 40, one, 0, 1);
                one[0] ^= 0x10;
                file.write(frame.start() + 40, one, 0, 1);
            }
            var report = store.check();
            assertFalse(report.ok(), "a damaged frame the handle read from must be reported");
            assertTrue(report.describe().contains("write log"), report.describe());
        }
    }

    private static Store readOnlyImage(byte[][] pages, long pageCount, byte[] log) {
        return Store.open(new dev.big.pager.ForwardingPager(memory(pages, pageCount, log)) {
            @Override
            public boolean readOnly() {
                return true;
            }
        });
    }

    private static MemoryPager memory(byte[][] pages, long pageCount, byte[] log) {
        return MemoryPager.of("image", pages, pageCount, image(log));
    }

    private static LogFile image(byte[] bytes) {
        LogFile file = LogFile.inMemory("image-log");
        file.write(0, bytes, 0, bytes.length);
        return file;
    }

    /** The commit stamp a store over these pages and this log reads. */
    private static int stampOf(byte[][] pages, long pageCount, byte[] log) {
        try (Store store = Store.open(memory(pages, pageCount, log)); ReadTxn txn = store.beginRead()) {
            return CommitWorkload.stamp(txn);
        }
    }
}
