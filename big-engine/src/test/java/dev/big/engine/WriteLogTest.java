package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.coords.Coords;
import dev.big.page.MetaPage;
import dev.big.page.PageClass;
import dev.big.pager.LogFile;
import dev.big.pager.ForwardingPager;
import dev.big.pager.MemoryPager;
import dev.big.pager.MmapPager;
import dev.big.pager.OpenMode;
import dev.big.pager.Pager;
import dev.big.testing.TestDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.BitmapContainer;
import org.roaringbitmap.Container;

/**
 * The write log: small commits go to it and cost one log page and one forcing; what they changed
 * reads the same as the same commits made to the pages, in the writer, after a reopen of a copy of
 * the files (what a crash leaves of acknowledged commits), in a read-only handle following the
 * writer, and after checkpoints fold the log into the pages.
 */
class WriteLogTest {

    private static final long[] FRAGMENTS = {
        Coords.fragmentKey(1, Coords.VIEW_ROWS, 0), Coords.fragmentKey(1, Coords.VIEW_ROWS, 3),
        Coords.fragmentKey(2, 9, 0), Coords.fragmentKey(3, 10, 7)};

    @Test
    void aOneBitCommitWritesOneLogPageAndForcesOnce() {
        Path file = TestDirs.newDir("write-log-one-bit").resolve("db.big");
        try (Store store = Store.create(file, MetaPage.VERSION_WRITE_LOG)) {
            long fragment = Coords.fragmentKey(2, 1, 0);
            CommitStats last = null;
            for (int i = 0; i < 300; i++) {
                try (WriteTxn txn = store.beginWrite()) {
                    txn.fragment(fragment).addBit(0, i * 7);
                    last = txn.commit();
                }
            }
            assertEquals(0, last.pagesWritten(PageClass.BITMAP) + last.pagesWritten(PageClass.DATA)
                    + last.pagesWritten(PageClass.META) + last.pagesWritten(PageClass.ROOTS), "pages written: " + last);
            assertTrue(last.pagesWritten(PageClass.LOG) <= 2, "log pages: " + last);
            assertEquals(1, last.counts().syncs(), "forcings: " + last);
            try (ReadTxn read = store.beginRead()) {
                assertEquals(300, read.fragment(fragment).find(0).cardinality());
            }
        }
    }

    @Test
    void loggedCommitsReadAsPageCommitsDoEverywhere() throws Exception {
        Path dir = TestDirs.newDir("write-log-model");
        Path file = dir.resolve("db.big");
        Random random = new Random(42);
        try (Store logged = Store.create(file, MetaPage.VERSION_WRITE_LOG);
                Store pages = Store.create(new MemoryPager("pages"), MetaPage.VERSION_ROW_COUNTS)) {
            logged.setCheckpointThresholds(Long.MAX_VALUE, Long.MAX_VALUE);
            ReadTxn held = null;
            String heldContents = null;
            for (int commit = 0; commit < 400; commit++) {
                if (commit % 50 == 10) {
                    held = logged.beginRead(); // logged commits after it must not change what it reads
                    heldContents = contents(held);
                }
                List<Change> changes = randomChanges(random);
                assertEquals(apply(pages, changes), apply(logged, changes),
                        "what the transaction of commit " + commit + " read of its own writes");
                if (commit % 50 == 30) {
                    assertEquals(heldContents, contents(held), "a snapshot held over 20 commits, at commit " + commit);
                    held.close();
                }
                if (commit % 50 == 49) {
                    assertEquals(contents(pages), contents(logged), "writer, after commit " + commit);
                    assertEquals(contents(pages), contents(reopenedCopy(file, dir.resolve("copy" + commit + ".big"))),
                            "a copy of the files, reopened, after commit " + commit);
                    try (Store follower = Store.openReadOnly(file)) {
                        assertEquals(contents(pages), contents(follower), "a read-only handle, after commit " + commit);
                    }
                }
                if (commit % 130 == 129) {
                    logged.checkpoint();
                    assertEquals(contents(pages), contents(logged), "after a checkpoint at commit " + commit);
                }
            }
            assertTrue(logged.check().ok(), () -> logged.check().toString());
        }
        try (Store reopened = Store.open(file)) {
            assertTrue(reopened.check().ok(), () -> reopened.check().toString());
        }
    }

    @Test
    void aReadOnlyHandleFollowsTheLogAsItGrows() {
        Path file = TestDirs.newDir("write-log-follow").resolve("db.big");
        long fragment = Coords.fragmentKey(2, 1, 0);
        try (Store writer = Store.create(file, MetaPage.VERSION_WRITE_LOG); Store reader = Store.openReadOnly(file)) {
            for (int i = 1; i <= 20; i++) {
                try (WriteTxn txn = writer.beginWrite()) {
                    txn.fragment(fragment).addBit(5, i);
                    txn.commit();
                }
                try (ReadTxn read = reader.beginRead()) {
                    assertEquals(i, read.fragment(fragment).find(5).cardinality(), "after commit " + i);
                }
            }
        }
    }

    /**
     * Opening read-only replays the log over the checkpoint's pages before the handle holds a pin
     * on them; a writer that checkpoints meanwhile frees those pages and may reuse them. The open
     * must then start again on the newer checkpoint, not fail (the ownership battery's reader
     * process once did: "exited with 1 before it opened the file").
     */
    @Test
    void aReadOnlyOpenWhoseCheckpointsPagesAreReusedMeanwhileOpensTheNewerOne() {
        Path file = TestDirs.newDir("write-log-open-race").resolve("db.big");
        long fragment = Coords.fragmentKey(2, 1, 0);
        try (Store writer = Store.create(file, MetaPage.VERSION_WRITE_LOG)) {
            writer.setCheckpointThresholds(Long.MAX_VALUE, Long.MAX_VALUE);
            int[] bit = {0};
            Runnable loggedCommit = () -> {
                try (WriteTxn txn = writer.beginWrite()) {
                    txn.fragment(fragment).addBit(5, bit[0]++);
                    txn.commit();
                }
            };
            loggedCommit.run();
            writer.checkpoint();
            loggedCommit.run(); // a frame whose replay reads the checkpoint's pages
            boolean[] raced = {false};
            Pager racing = new ForwardingPager(MmapPager.open(file, OpenMode.READ_ONLY)) {
                @Override
                public java.lang.foreign.MemorySegment read(long pgno) {
                    if (pgno >= MetaPage.SLOTS && !raced[0]) {
                        raced[0] = true; // the open has read the meta page: checkpoint and reuse its pages now
                        for (int round = 0; round < 4; round++) {
                            loggedCommit.run();
                            writer.checkpoint();
                        }
                        loggedCommit.run();
                        followGrowth();
                    }
                    return super.read(pgno);
                }
            };
            try (Store reader = Store.open(racing)) {
                assertTrue(raced[0], "the writer never ran while the reader opened");
                assertEquals(contents(writer), contents(reader));
            }
        }
    }

    private static Store reopenedCopy(Path file, Path copy) throws Exception {
        Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
        Path log = LogFile.pathFor(file);
        if (Files.exists(log)) {
            Files.copy(log, LogFile.pathFor(copy), StandardCopyOption.REPLACE_EXISTING);
        }
        return Store.open(copy);
    }

    /** One change of a commit. */
    private record Change(long fragment, int kind, long key, int low, byte[] bytes) {}

    private static List<Change> randomChanges(Random random) {
        List<Change> changes = new ArrayList<>();
        int n = 1 + random.nextInt(random.nextInt(10) == 0 ? 200 : 4);
        for (int i = 0; i < n; i++) {
            long fragment = FRAGMENTS[random.nextInt(FRAGMENTS.length)];
            int kind = random.nextInt(100);
            long key = random.nextInt(6);
            int low = random.nextInt(10) == 0 ? random.nextInt(65_536) : random.nextInt(300);
            byte[] bytes = new byte[random.nextInt(20)];
            random.nextBytes(bytes);
            changes.add(new Change(fragment, kind, key, low, bytes));
        }
        return changes;
    }

    /** Applies {@code changes} in one commit; returns what the transaction read on the way. */
    private static String apply(Store store, List<Change> changes) {
        StringBuilder reads = new StringBuilder();
        try (WriteTxn txn = store.beginWrite()) {
            for (Change change : changes) {
                int kind = change.kind();
                var tree = dev.big.engine.tree.Tree.of(txn, change.fragment());
                char[] lows = {(char) change.low(), (char) (change.low() + 1), (char) (change.low() * 7 + 3)};
                reads.append(tree.contains(change.key(), change.low())).append(' ');
                var found = tree.find(change.key());
                reads.append(found == null ? "absent" : found.cardinality()).append(' ');
                if (kind < 40) {
                    reads.append(tree.addBit(change.key(), change.low()));
                } else if (kind < 50) {
                    tree.addBits(change.key(), lows, 0, lows.length);
                    assertTrue(tree.contains(change.key(), lows[2]), "a bit set, read in the transaction that set it");
                } else if (kind < 65) {
                    reads.append(tree.removeBit(change.key(), change.low()));
                } else if (kind < 75) {
                    tree.removeBits(change.key(), lows, 0, lows.length);
                    assertFalse(tree.contains(change.key(), lows[1]), "a bit cleared, read in the transaction that cleared it");
                } else if (kind < 82) {
                    BitmapContainer full = new BitmapContainer();
                    Container dense = full.add(0, 4_000 + change.low() % 60_000);
                    tree.put(change.key(), dense);
                } else if (kind < 87) {
                    tree.remove(change.key());
                } else if (kind < 92) {
                    txn.catalog().putBytes(change.key(), change.bytes());
                } else if (kind < 95 && !txn.keepsRowCounts(change.fragment())) {
                    txn.setSummary(change.fragment(), change.bytes());
                } else if (kind < 97) {
                    txn.dropFragment(change.fragment());
                } else {
                    txn.catalog().remove(change.key());
                }
                reads.append('\n');
            }
            txn.commit();
        }
        return reads.toString();
    }

    /** Everything a reader sees: each fragment's summary and cells, the fragments named, the catalog. */
    private static String contents(Store store) {
        try (ReadTxn read = store.beginRead()) {
            return contents(read);
        }
    }

    private static String contents(ReadTxn read) {
        StringBuilder out = new StringBuilder();
        {
            read.forEachFragment(0, -1L, (key, summary) -> {
                out.append("fragment ").append(Long.toHexString(key)).append(' ')
                        .append(java.util.Arrays.toString(summary)).append('\n');
                return true;
            });
            for (long fragment : FRAGMENTS) {
                out.append(Long.toHexString(fragment)).append(read.hasFragment(fragment)).append(' ')
                        .append(java.util.Arrays.toString(read.summary(fragment))).append(' ')
                        .append(cells(dev.big.engine.tree.Tree.of(read.fragment(fragment)), false)).append('\n');
            }
            out.append("catalog ").append(cells(dev.big.engine.tree.Tree.of(read.catalog()), true));
        }
        return out.toString();
    }

    private static String cells(dev.big.engine.tree.Tree tree, boolean bytes) {
        TreeMap<Long, String> cells = new TreeMap<>();
        tree.forEach(0, -1L, view -> {
            cells.put(view.key(), bytes ? java.util.Arrays.toString(view.bytes()) : view.toContainer().runOptimize().toString());
            return true;
        });
        StringBuilder found = new StringBuilder();
        for (long key : cells.keySet()) {
            var cell = tree.find(key);
            found.append(cell == null ? "absent" : cell.cardinality());
        }
        return cells + " found " + found + " empty " + tree.isEmpty();
    }
}
