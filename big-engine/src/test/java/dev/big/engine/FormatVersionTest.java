package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.MetaPage;
import dev.big.pager.ForwardingPager;
import dev.big.pager.MemoryPager;
import dev.big.pager.Pager;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/**
 * The file format version is part of each commit: a file keeps the version it was created in
 * through every commit and reopen, and only {@link WriteTxn#raiseFormatVersion} changes it, as
 * one commit that readers of the commits before do not see.
 */
class FormatVersionTest {

    private static final int OLDER = MetaPage.VERSION_START;

    @Test
    void aNewFileIsOfTheCreatedVersion() {
        MemoryPager file = new MemoryPager("new");
        try (Store store = Store.create(keepOpen(file))) {
            assertEquals(MetaPage.VERSION_CREATED, store.formatVersion());
            StampedCommits.writeCommit(store, 1);
            try (ReadTxn read = store.beginRead(); WriteTxn write = store.beginWrite()) {
                assertEquals(MetaPage.VERSION_CREATED, read.formatVersion());
                assertEquals(MetaPage.VERSION_CREATED, write.formatVersion());
            }
        }
        assertEquals(MetaPage.VERSION_CREATED, slotVersion(file, 0));
        assertEquals(MetaPage.VERSION_CREATED, slotVersion(file, 1));
    }

    @Test
    void anOlderFileStaysOfItsVersionThroughCommitsAndReopens() {
        MemoryPager file = olderFile();
        try (Store store = Store.open(keepOpen(file))) {
            assertEquals(OLDER, store.formatVersion());
            for (int i = 3; i <= 5; i++) {
                StampedCommits.writeCommit(store, i);
            }
            try (ReadTxn read = store.beginRead()) {
                assertEquals(OLDER, read.formatVersion());
                assertEquals(5, StampedCommits.observedCommit(read));
            }
            assertTrue(store.check().ok(), store.check().describe());
        }
        assertEquals(OLDER, slotVersion(file, 0), "opening and writing never converts the file");
        assertEquals(OLDER, slotVersion(file, 1));
        try (Store store = Store.open(keepOpen(file))) {
            assertEquals(OLDER, store.formatVersion());
        }
    }

    @Test
    void raisingTheVersionIsOneCommitThatChangesNothingElse() {
        MemoryPager file = olderFile();
        try (Store store = Store.open(keepOpen(file))) {
            long pagesBefore = store.pageCount();
            try (ReadTxn before = store.beginRead()) {
                try (WriteTxn txn = store.beginWrite()) {
                    txn.raiseFormatVersion(MetaPage.VERSION_CREATED);
                    assertEquals(MetaPage.VERSION_CREATED, txn.formatVersion(), "the transaction sees its version");
                    // (raising past VERSION_ROW_COUNTS gives the rows fragments their counts: new summaries, no new cells)
                    txn.commit();
                }
                assertEquals(OLDER, before.formatVersion(), "a reader keeps the version of the commit it reads");
                assertEquals(2, StampedCommits.observedCommit(before));
            }
            assertEquals(MetaPage.VERSION_CREATED, store.formatVersion());
            assertEquals(pagesBefore, store.pageCount(), "no page is rewritten");
            try (ReadTxn after = store.beginRead()) {
                assertEquals(MetaPage.VERSION_CREATED, after.formatVersion());
                assertEquals(2, StampedCommits.observedCommit(after));
            }
            assertTrue(store.check().ok(), store.check().describe());
            long txid = store.txid();
            assertEquals(MetaPage.VERSION_CREATED, slotVersion(file, MetaPage.slotOf(txid)));
            assertEquals(OLDER, slotVersion(file, MetaPage.slotOf(txid - 1)), "the commit before keeps its version");
        }
        try (Store store = Store.open(keepOpen(file))) {
            assertEquals(MetaPage.VERSION_CREATED, store.formatVersion());
            StampedCommits.writeCommit(store, 3);
        }
        assertEquals(MetaPage.VERSION_CREATED, slotVersion(file, 0));
        assertEquals(MetaPage.VERSION_CREATED, slotVersion(file, 1));
    }

    @Test
    void aRaiseRolledBackLeavesTheVersion() {
        MemoryPager file = olderFile();
        try (Store store = Store.open(keepOpen(file))) {
            try (WriteTxn txn = store.beginWrite()) {
                txn.raiseFormatVersion(MetaPage.VERSION_CURRENT);
                StampedCommits.write(txn, 3);
            }
            assertEquals(OLDER, store.formatVersion());
            StampedCommits.writeCommit(store, 4);
            assertEquals(OLDER, store.formatVersion());
        }
    }

    @Test
    void theVersionOnlyGoesUpToTheCurrentOne() {
        MemoryPager file = olderFile();
        try (Store store = Store.open(keepOpen(file)); WriteTxn txn = store.beginWrite()) {
            for (int version : new int[] {OLDER - 1, OLDER, MetaPage.VERSION_CURRENT + 1}) {
                var e = assertThrows(IllegalArgumentException.class, () -> txn.raiseFormatVersion(version));
                assertTrue(e.getMessage().contains("file format " + OLDER) && e.getMessage().contains("not to " + version),
                        e.getMessage());
            }
            assertEquals(OLDER, txn.formatVersion());
        }
    }

    /**
     * A file of the oldest version this build reads, with two commits (stamps 1 and 2): made now,
     * then both meta slots rewritten in that version. Only the version differs from what an older
     * build wrote, as each later version only adds structures (docs/versioning.md); big-db's
     * format tests open a file that an older build really wrote.
     */
    private static MemoryPager olderFile() {
        MemoryPager file = new MemoryPager("older");
        try (Store store = Store.create(keepOpen(file), PageCommits.FORMAT)) {
            StampedCommits.writeCommit(store, 1);
            StampedCommits.writeCommit(store, 2);
        }
        for (int slot = 0; slot < MetaPage.SLOTS; slot++) {
            MemorySegment page = file.rawPage(slot);
            MetaPage.write(page, MetaPage.read(page).withFormatVersion(OLDER));
        }
        return file;
    }

    private static int slotVersion(MemoryPager file, int slot) {
        return MetaPage.formatVersion(file.rawPage(slot));
    }

    /** The file as a store opens it; closing the store leaves it open for the next. */
    private static Pager keepOpen(MemoryPager file) {
        return new ForwardingPager(file) {
            @Override
            public void close() {}
        };
    }
}
