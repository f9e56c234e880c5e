package dev.big.cli;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.bsi.ZoneMap;
import dev.big.engine.coords.Coords;
import dev.big.page.BranchPage;
import dev.big.page.LeafPage;
import dev.big.page.MetaPage;
import dev.big.page.PageFormat;
import dev.big.page.PageHeader;
import dev.big.page.PageKind;
import dev.big.page.PageRef;
import dev.big.page.RootsPage;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code big check} reports a wrong structure that every checksum vouches for (here a zone map
 * whose maximum no record holds, or that is below one a record holds: a roots entry rewritten, and every checksum from its page up to
 * the meta page re-sealed) like a damaged page: listed, and exit code 79.
 */
@Tag("child-jvm")
class CheckSemanticsIT {

    /** Where container column 0's count starts in a roots entry whose summary is a compact zone map (see {@link ZoneMap}). */
    private static final int COLUMN_0 = RootsPage.ENTRY_FIXED_BYTES + 4;

    @Test
    void aZoneMapThatDisagreesWithItsPlanesIsListedAndExits79() throws IOException {
        Path dir = Cli.newDir("check-semantics");
        Cli.write(dir.resolve("schema.json"), Cli.SCHEMA);
        Cli.writeRows(dir.resolve("rows.csv"), 5_000);
        Cli.Run load = Cli.big(dir, "load", "events.big", "events", "rows.csv", "--schema", "schema.json");
        assertEquals(0, load.exitCode(), load.toString());

        Path file = dir.resolve("events.big");
        byte[] bytes = Files.readAllBytes(file);
        raiseFirstZoneMapMax(MemorySegment.ofArray(bytes));
        Files.write(file, bytes);

        Cli.Run check = Cli.big(dir, "check", "events.big");
        assertEquals(79, check.exitCode(), check.toString());
        assertTrue(check.stdout().contains(" problem(s)\n") && check.stdout().contains("  zone map: events."), check.stdout());
        assertTrue(check.stdout().contains("the zone map says min"), check.stdout());
        assertTrue(check.stderr().startsWith("big check: events.big is damaged: "), check.stderr());
    }

    /**
     * Adds one to column 0's max in the first zone map of the roots tree and re-seals the roots
     * page, every branch above it and the newest meta page.
     */
    private static void raiseFirstZoneMapMax(MemorySegment file) {
        int slot = MetaPage.validate(0, page(file, 0)) == null
                && (MetaPage.validate(1, page(file, 1)) != null
                || MetaPage.read(page(file, 0)).txid() > MetaPage.read(page(file, 1)).txid()) ? 0 : 1;
        MetaPage.State meta = MetaPage.read(page(file, slot));
        List<long[]> path = new ArrayList<>(); // {branch pgno, child index}, root first
        long pgno = meta.roots().pgno();
        while (PageHeader.kind(page(file, pgno)) == PageKind.BRANCH) {
            path.add(new long[] {pgno, 0});
            pgno = BranchPage.childPgno(page(file, pgno), 0);
        }
        MemorySegment leaf = page(file, pgno);
        Integer cell = null;
        for (int i = 0; i < LeafPage.count(leaf) && cell == null; i++) {
            if (Coords.viewOf(LeafPage.key(leaf, i)) == Coords.VIEW_BSI) {
                cell = i;
            }
        }
        assertNotNull(cell, "the first roots page holds no zone map");
        long at = LeafPage.payloadOffset(leaf, cell) + COLUMN_0;
        assertEquals(ZoneMap.VERSION_CURRENT, leaf.get(JAVA_BYTE, at - 4), "a compact zone map");
        at = skipVarint(leaf, skipVarint(leaf, at)); // the count, the min: then the span, max - min
        byte low = leaf.get(JAVA_BYTE, at); // its lowest seven bits, changed by one without changing its length
        leaf.set(JAVA_BYTE, at, (byte) ((low & 0x7F) == 0x7F ? low - 1 : low + 1));
        long checksum = PageHeader.seal(leaf);
        for (int level = path.size() - 1; level >= 0; level--) {
            MemorySegment branch = page(file, path.get(level)[0]);
            BranchPage.setChild(branch, 0, BranchPage.key(branch, 0), pgno, checksum);
            pgno = path.get(level)[0];
            checksum = PageHeader.seal(branch);
        }
        MetaPage.write(page(file, slot), new MetaPage.State(meta.formatVersion(), meta.txid(), meta.pageCount(), new PageRef(pgno, checksum),
                meta.catalog(), meta.freelist(), meta.freePages(), meta.commitMillis()));
    }

    /** Where the varint at {@code at} ends. */
    private static long skipVarint(MemorySegment page, long at) {
        while (page.get(JAVA_BYTE, at) < 0) {
            at++;
        }
        return at + 1;
    }

    private static MemorySegment page(MemorySegment file, long pgno) {
        return file.asSlice(PageFormat.offsetOf(pgno), PageFormat.PAGE_SIZE_BYTES);
    }
}
