package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.testing.ChildJvm;
import dev.big.testing.TestDirs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A bulk load of a table of 1,024 fields runs in a 256 MiB heap: what the loader buffers is
 * bounded by bytes, not by a record count times the number of fields (two chunks of 131,072
 * references per field were 1 GiB at this width, before a single record arrived).
 */
@Tag("child-jvm")
class BulkLoadWideTableTest {

    @Test
    void wideTableLoadsCorrectlyInASmallHeap() throws IOException, InterruptedException {
        Path file = TestDirs.newDir("wide-load").resolve("wide.big");
        Process child = ChildJvm.builder(256, WideTableLoad.class, file.toString(), "1024", "5000").redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(10, TimeUnit.MINUTES), "the child load did not finish");
        assertEquals(0, child.exitValue(), "the child load failed:\n" + output);
        assertTrue(output.contains("ok 5000"), output);
    }
}
