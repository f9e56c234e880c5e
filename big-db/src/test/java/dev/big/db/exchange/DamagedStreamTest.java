package dev.big.db.exchange;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.InvalidInputException;
import dev.big.page.BigException;
import dev.big.page.FormatVersionException;
import dev.big.testing.TestDirs;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A damaged, truncated or foreign stream is refused with a message naming the block and its
 * offset, and the import leaves nothing behind: no target, no temporary file.
 */
class DamagedStreamTest {

    private static byte[] stream;
    /** Offsets at which blocks start, from walking the frames. */
    private static final List<Integer> blockOffsets = new ArrayList<>();

    @BeforeAll
    static void export() {
        Path dir = TestDirs.newDir("damaged-source");
        try (Db db = SampleDatabases.create(dir.resolve("source.big"), 11, 3_000)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Exporter.export(db, out, "memory");
            stream = out.toByteArray();
        }
        ByteBuffer in = ByteBuffer.wrap(stream).order(ByteOrder.LITTLE_ENDIAN);
        for (int at = ExportFormat.HEADER_BYTES; at < stream.length; at += ExportFormat.BLOCK_HEADER_BYTES + in.getInt(at + 4)) {
            blockOffsets.add(at);
        }
        assertTrue(blockOffsets.size() >= 8, "schema, dictionaries, fragments and end: " + blockOffsets.size());
    }

    /**
     * A flipped bit is refused naming its block, or, rarely, changes nothing: LZ4 can encode the
     * same bytes more than one way (a match offset inside a run of zeros, say), and the checksum
     * covers the bytes, not their encoding. Then the import must equal the undamaged one.
     */
    @Tag("slow")
    @Test
    void everyFlippedBitIsRefusedOrHarmless() {
        byte[] reference = reexport(stream);
        Random random = new Random(5);
        int refused = 0;
        int harmless = 0;
        for (int b = 0; b < blockOffsets.size(); b++) {
            int start = blockOffsets.get(b);
            int end = b + 1 < blockOffsets.size() ? blockOffsets.get(b + 1) : stream.length;
            for (int trial = 0; trial < 4; trial++) {
                int at = start + random.nextInt(end - start);
                byte[] damaged = stream.clone();
                damaged[at] ^= (byte) (1 << random.nextInt(8));
                try {
                    assertArrayEquals(reference, reexport(damaged), "flip at " + at + " imported different data");
                    harmless++;
                } catch (CorruptStreamException e) {
                    assertTrue(e.getMessage().contains("block " + b + " ") && e.getMessage().contains("offset " + start),
                            "flip at " + at + " in block " + b + " (offset " + start + "): " + e.getMessage());
                    refused++;
                }
            }
        }
        assertTrue(harmless * 10 <= refused, refused + " flips refused, " + harmless + " harmless");
    }

    /** Imports {@code bytes} into a fresh database and exports that again. */
    private static byte[] reexport(byte[] bytes) {
        Path dir = TestDirs.newDir("reexport");
        try {
            Importer.importStream(new ByteArrayInputStream(bytes), "damaged.bigx", dir.resolve("copy.big"));
        } catch (CorruptStreamException e) {
            assertEquals(List.of(), ExchangeFiles.list(dir), "the import must leave nothing behind");
            throw e;
        }
        try (Db copy = Db.open(dir.resolve("copy.big"))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Exporter.export(copy, out, "copy");
            return out.toByteArray();
        }
    }

    @Test
    void aChecksumFailureSaysSo() {
        int start = blockOffsets.get(1);
        byte[] damaged = stream.clone();
        damaged[start + 8] ^= 1; // the checksum field itself
        CorruptStreamException e = refused(damaged, CorruptStreamException.class, "checksum flip");
        assertTrue(e.getMessage().contains("block 1 at offset " + start + " of damaged.bigx: checksum failed (expected="),
                e.getMessage());
    }

    @Tag("slow")
    @Test
    void everyTruncationIsRefused() {
        List<Integer> cuts = new ArrayList<>(List.of(0, 3, ExportFormat.HEADER_BYTES, stream.length - 1));
        for (int offset : blockOffsets) {
            cuts.add(offset);
            cuts.add(offset + 5);
            cuts.add(offset + ExportFormat.BLOCK_HEADER_BYTES + 1);
        }
        for (int cut : cuts) {
            BigException e = refused(Arrays.copyOf(stream, cut),
                    cut < ExportFormat.MAGIC.length ? InvalidInputException.class : CorruptStreamException.class, "cut at " + cut);
            assertTrue(e.getMessage().contains(cut < ExportFormat.MAGIC.length ? "is not a big export stream" : "truncated"),
                    "cut at " + cut + ": " + e.getMessage());
        }
    }

    @Test
    void bytesAfterTheEndBlockAreRefused() {
        byte[] longer = Arrays.copyOf(stream, stream.length + blockOffsets.get(2) - blockOffsets.get(1));
        System.arraycopy(stream, blockOffsets.get(1), longer, stream.length, blockOffsets.get(2) - blockOffsets.get(1));
        CorruptStreamException e = refused(longer, CorruptStreamException.class, "appended block");
        assertTrue(e.getMessage().contains("more blocks follow the end block"), e.getMessage());
    }

    @Test
    void aForeignFileIsNotAStream() {
        byte[] foreign = "id,value\n1,2\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        InvalidInputException e = refused(foreign, InvalidInputException.class, "csv");
        assertTrue(e.getMessage().contains("is not a big export stream"), e.getMessage());
    }

    @Test
    void aNewerVersionIsRefusedNamingBothVersions() {
        byte[] newer = stream.clone();
        ByteBuffer.wrap(newer).order(ByteOrder.LITTLE_ENDIAN).putInt(ExportFormat.MAGIC.length, ExportFormat.VERSION_CURRENT + 1);
        FormatVersionException e = refused(newer, FormatVersionException.class, "newer");
        assertEquals(ExportFormat.VERSION_CURRENT + 1, e.found());
        assertTrue(e.getMessage().contains("export stream damaged.bigx has format version " + (ExportFormat.VERSION_CURRENT + 1)
                + ", this build of big reads versions " + ExportFormat.VERSION_START + " to " + ExportFormat.VERSION_CURRENT),
                e.getMessage());
        assertTrue(e.getMessage().contains("newer big"), e.getMessage());
    }

    @Test
    void anExistingTargetIsNeitherReplacedNorChanged() throws IOException {
        Path dir = TestDirs.newDir("target-exists");
        Path target = dir.resolve("existing.big");
        Files.write(target, new byte[] {1, 2, 3});
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> Importer.importStream(new ByteArrayInputStream(stream), "memory", target));
        assertTrue(e.getMessage().contains("already exists"), e.getMessage());
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(target));
        assertEquals(List.of("existing.big"), ExchangeFiles.list(dir));
    }

    /** Imports {@code bytes}, expects {@code type}, and checks the directory is left empty. */
    private static <T extends BigException> T refused(byte[] bytes, Class<? extends T> type, String what) {
        Path dir = TestDirs.newDir("damaged");
        T e = assertThrows(type, () -> Importer.importStream(new ByteArrayInputStream(bytes), "damaged.bigx",
                dir.resolve("copy.big")), what);
        assertEquals(List.of(), ExchangeFiles.list(dir), what + ": the import must leave nothing behind");
        return e;
    }
}
