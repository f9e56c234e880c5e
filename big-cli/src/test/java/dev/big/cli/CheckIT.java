package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.PageClass;
import dev.big.page.PageFormat;
import dev.big.page.PageHeader;
import dev.big.page.PageKind;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code big check} passes a good file and finds a flipped byte or a truncated file, exiting with
 * the corruption code; other commands stop with that code too when they read the damaged page.
 */
@Tag("child-jvm")
class CheckIT {

    @Test
    void aGoodFilePassesAndAFlippedByteInADataPageIsFound() throws IOException {
        Path dir = Cli.newDir("check");
        Cli.write(dir.resolve("schema.json"), Cli.SCHEMA);
        Cli.writeRows(dir.resolve("rows.csv"), 20_000);
        // One batch: one commit, so the data pages of the file are the live ones.
        Cli.Run load = Cli.big(dir, "load", "good.big", "events", "rows.csv", "--schema", "schema.json", "--batch", "100000");
        assertEquals(0, load.exitCode(), load.toString());
        Cli.Run good = Cli.big(dir, "check", "good.big");
        assertEquals(0, good.exitCode(), good.toString());
        assertTrue(good.stdout().endsWith(" free: OK\n"), good.stdout());

        byte[] original = Files.readAllBytes(dir.resolve("good.big"));
        List<Long> dataLeaves = dataLeafPages(original);
        // Few: fragments of one small leaf are held in their roots entries (file format 6).
        assertFalse(dataLeaves.isEmpty(), "the file has no data leaf page");
        // Newest first: a page of the last commit is reachable (an older one could have been freed).
        long pgno = dataLeaves.getLast();
        byte[] damaged = original.clone();
        damaged[(int) (PageFormat.offsetOf(pgno) + 4000)] ^= 0x10;
        Files.write(dir.resolve("damaged.big"), damaged);
        Cli.Run bad = Cli.big(dir, "check", "damaged.big");
        assertEquals(79, bad.exitCode(), bad.toString());
        assertTrue(bad.stdout().contains(" problem(s)\n") && bad.stdout().contains("  page " + pgno + " (leaf"), bad.stdout());
        assertTrue(bad.stderr().startsWith("big check: damaged.big is damaged: "), bad.stderr());
        assertEquals(original.length, Files.size(dir.resolve("damaged.big")), "check never writes");

        Files.write(dir.resolve("truncated.big"), java.util.Arrays.copyOf(original, original.length / 2));
        Cli.Run truncated = Cli.big(dir, "check", "truncated.big");
        assertEquals(79, truncated.exitCode(), truncated.toString());
        assertTrue(truncated.stderr().startsWith("big check: truncated.big is truncated: "), truncated.stderr());

        Cli.Run read = Cli.big(dir, "export", "damaged.big", "damaged.bigx");
        assertEquals(79, read.exitCode(), "any command that reads the damaged page stops with the corruption code: " + read);
        assertTrue(read.stderr().startsWith("big export: corrupt leaf page " + pgno + " in "), read.stderr());
        assertTrue(Files.notExists(dir.resolve("damaged.bigx")), "a failed export leaves no partial file");
    }

    /** Page numbers of leaf pages that belong to fragment trees (data), in file order. */
    private static List<Long> dataLeafPages(byte[] file) {
        List<Long> pages = new ArrayList<>();
        MemorySegment bytes = MemorySegment.ofArray(file);
        for (long pgno = 2; pgno < file.length / PageFormat.PAGE_SIZE_BYTES; pgno++) {
            MemorySegment page = bytes.asSlice(PageFormat.offsetOf(pgno), PageFormat.PAGE_SIZE_BYTES);
            if (PageHeader.kindCode(page) == PageKind.LEAF.code() && PageHeader.owner(page) == PageClass.DATA
                    && PageHeader.computeChecksum(page) == PageHeader.storedChecksum(page)) {
                pages.add(pgno);
            }
        }
        return pages;
    }
}
