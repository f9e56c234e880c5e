package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.testing.TestDirs;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A thread interrupt in the middle of file I/O must not cost the process its locks on the file:
 * the JDK closes a channel whose thread is interrupted, and closing any descriptor of a file drops
 * every POSIX lock the process holds on it. Checked from another process, which is the only one
 * that can see whether a lock is really held.
 */
class InterruptedLocksTest {

    @Test
    void anInterruptedReadOfAReadOnlyHandleKeepsTheWriteLockOfItsProcess() throws Exception {
        Path file = TestDirs.newDir("interrupt").resolve("db.big");
        try (Store writer = Store.create(file); Store reader = Store.openReadOnly(file)) {
            StampedCommits.writeCommit(writer, 1);
            Thread.currentThread().interrupt();
            try (ReadTxn txn = reader.beginRead()) {
                assertEquals(1, StampedCommits.observedCommit(txn));
            } finally {
                assertTrue(Thread.interrupted(), "the caller's interrupt status is kept");
            }
            try (Child other = Child.start("try-write", file)) {
                String answer = other.answer();
                assertTrue(answer.startsWith("LOCKED"), "another process opened the file for writing: " + answer);
            }
            StampedCommits.writeCommit(writer, 2);
        }
        try (Store reopened = Store.open(file)) {
            assertEquals(2, StampedCommits.latest(reopened));
            assertTrue(reopened.check().ok(), reopened.check().describe());
        }
    }

    @Test
    void aWriterInterruptedInItsCommitKeepsTheReaderPinsOfItsProcess() throws Exception {
        Path file = TestDirs.newDir("interrupt").resolve("db.big");
        Store reader;
        ReadTxn held;
        try (Store writer = Store.create(file)) {
            for (int i = 1; i <= 3; i++) {
                StampedCommits.writeCommit(writer, i);
            }
            reader = Store.openReadOnly(file);
            held = reader.beginRead();
            assertEquals(3, StampedCommits.observedCommit(held));
            try (WriteTxn txn = writer.beginWrite()) {
                StampedCommits.write(txn, 4);
                Thread.currentThread().interrupt();
                try {
                    txn.commit();
                } finally {
                    assertTrue(Thread.interrupted(), "the caller's interrupt status is kept");
                }
            }
        }
        // The writer is gone; another process writes now and must see the read-only handle's pin.
        try (reader; held; Child other = Child.start("writer", file)) {
            assertEquals("READY 4", other.answer());
            String committed = other.ask("commit 300");
            assertTrue(committed.startsWith("COMMITTED 304"), committed);
            assertEquals(3, StampedCommits.observedCommit(held), "the snapshot's pages were reused under it");
        }
    }
}
