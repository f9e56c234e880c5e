package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.big.page.BigException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Db#read(Commit)}: a reader of another handle (standing in for another thread or process)
 * reads exactly the commit a held snapshot handed out, after writers moved on.
 */
class ReadAtCommitTest {

    private static final TableDef T = TableDef.of("t", FieldDef.intField("v"));

    @Test
    void anotherHandleReadsTheHeldCommitAfterWritersMovedOn() {
        Path file = dev.big.testing.TestDirs.newDir("read-at-commit").resolve("t.big");
        try (Db writer = Db.create(file, List.of(T)); Db coordinator = Db.openReadOnly(file); Db worker = Db.openReadOnly(file)) {
            for (int i = 0; i < 100; i++) {
                writer.append("t", Row.of("v", i));
            }
            try (Snapshot held = coordinator.read()) {
                Commit commit = held.commit();
                for (int i = 0; i < 50; i++) {
                    writer.update("t", i, "v", 1000 + i); // frees pages of the held commit again and again
                    writer.append("t", Row.of("v", -i));
                }
                try (Snapshot later = worker.read(commit)) {
                    assertEquals(commit.txid(), later.txid());
                    assertEquals(100, later.count("t"));
                    assertEquals(4950, later.aggregate("t", "v", Filter.all()).sum().longValue());
                }
                try (Snapshot same = coordinator.read(commit)) {
                    assertEquals(100, same.count("t"));
                }
                try (Snapshot latest = worker.read()) {
                    assertEquals(150, latest.count("t"));
                }
            }
        }
    }

    @Test
    void aCommitTheFileNeverHadIsRefused() {
        Path file = dev.big.testing.TestDirs.newDir("read-at-commit").resolve("t.big");
        try (Db db = Db.create(file, List.of(T))) {
            Commit commit;
            try (Snapshot s = db.read()) {
                commit = s.commit();
            }
            Commit future = new Commit(commit.formatVersion(), commit.txid() + 5, commit.pageCount(), commit.rootsPage(), commit.rootsChecksum(),
                    commit.catalogPage(), commit.catalogChecksum(), commit.freelistPage(), commit.freelistChecksum(),
                    commit.freePages(), commit.commitMillis());
            BigException e = assertThrows(BigException.class, () -> db.read(future).close());
            assertEquals(true, e.getMessage().contains("has no commit " + future.txid()), e.getMessage());
        }
    }
}
