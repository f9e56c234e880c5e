package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.big.page.BigException;
import dev.big.testing.TestDirs;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A read-only handle follows the handle that writes its file, and refuses to write itself. */
class ReadOnlyHandleTest {

    @Test
    void aReadOnlyHandleSeesCommitsMadeAfterItOpened() throws Exception {
        Path file = TestDirs.newDir("lifecycle").resolve("follow.big");
        try (Db writer = Db.create(file, List.of(TableDef.of("t", FieldDef.intField("v"))));
             Db reader = Db.openReadOnly(file)) {
            for (int i = 0; i < 30; i++) {
                writer.append("t", Record.of("v", (long) i));
                try (Snapshot snapshot = reader.read()) {
                    assertEquals(i + 1, snapshot.count("t"), "read-only handle after commit " + (i + 1));
                }
            }
            assertThrows(BigException.class, () -> reader.append("t", Record.of("v", 1L)));
        }
    }
}
