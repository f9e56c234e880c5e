package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.tree.Tree;
import dev.big.testing.ChildJvm;
import dev.big.testing.TestDirs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A second process opening the file for writing is told it is locked; reading still works. */
class FileLockTest {

    @Test
    void aSecondProcessCannotOpenTheFileForWriting() throws Exception {
        Path file = TestDirs.newDir("lock").resolve("db.big");
        try (Store store = Store.create(file)) {
            try (WriteTxn txn = store.beginWrite()) {
                Tree.of(txn, 1).addBit(1, 1);
                txn.commit();
            }
            String output = run(file);
            assertTrue(output.contains("LOCKED") && output.contains("locked by another process"), output);
            assertTrue(output.contains("READ txid 1"), output);
        }
        String output = run(file);
        assertTrue(output.contains("OPENED txid"), output); // the txid the close's checkpoint took
    }

    private static String run(Path file) throws Exception {
        Process child = ChildJvm.builder(256, LockProbe.class, file.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        child.waitFor();
        return output;
    }
}
