package dev.big.db.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.FieldInfo;
import dev.big.engine.Fragment;
import dev.big.engine.WriteTxn;
import dev.big.engine.coords.Coords;
import dev.big.testing.TestDirs;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.Container;

/**
 * A stream whose every checksum is right but whose data contradicts itself: a keyed or set field
 * whose rows (what filters read) and id planes (what reading a record back gives) disagree. Such a
 * stream is what an export of a damaged database carries, or one altered and re-checksummed. The
 * import verifies what it landed as {@code check()} would and refuses it, leaving nothing behind.
 */
class ContradictoryStreamTest {

    @Test
    void aStreamWhoseKeyedRowsAndIdPlanesDisagreeIsRefused() {
        CorruptStreamException e = refused(exportWithRowsSwapped("type"));
        assertTrue(e.getMessage().contains("contradictory.bigx") && e.getMessage().contains("events.type")
                && e.getMessage().contains("the id planes say") && e.getMessage().contains("Nothing was imported"),
                e.getMessage());
    }

    @Test
    void aStreamWhoseSetRowsAndSetIdsDisagreeIsRefused() {
        CorruptStreamException e = refused(exportWithRowsSwapped("tags"));
        assertTrue(e.getMessage().contains("events.tags") && e.getMessage().contains("its set id"), e.getMessage());
    }

    /**
     * A sample database with the containers of rows 0 and 1 of {@code field} (container column 0,
     * shard 0) swapped through the engine's write API, exported: the exporter seals every block.
     */
    private static byte[] exportWithRowsSwapped(String field) {
        Path dir = TestDirs.newDir("contradictory-source");
        try (Db db = SampleDatabases.create(dir.resolve("source.big"), 17, 3_000)) {
            try (WriteTxn txn = db.store().beginWrite()) {
                FieldInfo info = Catalog.of(txn).table("events").field(field);
                Fragment rows = txn.fragment(info.rowsFragment(0));
                Container row0 = rows.find(Coords.containerKeyOf(0, 0)).toContainer().clone();
                Container row1 = rows.find(Coords.containerKeyOf(1, 0)).toContainer().clone();
                rows.put(Coords.containerKeyOf(0, 0), row1);
                rows.put(Coords.containerKeyOf(1, 0), row0);
                txn.commit();
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Exporter.export(db, out, "memory");
            return out.toByteArray();
        }
    }

    private static CorruptStreamException refused(byte[] stream) {
        Path dir = TestDirs.newDir("contradictory");
        CorruptStreamException e = assertThrows(CorruptStreamException.class, () -> Importer.importStream(
                new ByteArrayInputStream(stream), "contradictory.bigx", dir.resolve("copy.big")));
        System.out.println(e.getMessage()); // the test's output file then shows what big import would print
        assertEquals(List.of(), ExchangeFiles.list(dir), "the import must leave nothing behind");
        return e;
    }
}
