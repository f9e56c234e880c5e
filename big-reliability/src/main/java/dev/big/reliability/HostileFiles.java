package dev.big.reliability;

import dev.big.db.Db;
import dev.big.db.Ingester;
import dev.big.db.exchange.Exporter;
import dev.big.page.MetaPage;
import dev.big.page.PageFormat;
import dev.big.page.PageHeader;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Files a database open may be handed that are not big databases this build can use: random
 * bytes, nothing, another program's file, big's own export stream, a big file truncated anywhere,
 * from a future (or too old) format version, or with a meta page that is checksum-valid but lies
 * (crafted: page counts, links and sizes that cannot be). Each is made from a seed, with a name
 * saying what it is.
 */
final class HostileFiles {

    /** A hostile file: its bytes, what it is, and whether it is meant to open (a valid file with junk after its end). */
    record Hostile(String what, byte[] bytes, boolean opens) {}

    /** Headers of other programs' files. */
    private static final List<byte[]> FOREIGN_HEADERS = List.of(
            bytes("PK\u0003\u0004"), bytes("\u0089PNG\r\n\u001a\n"), bytes("\u007fELF\u0002\u0001\u0001"),
            bytes("SQLite format 3\u0000"), bytes("%PDF-1.7\n"), bytes("\u001f\u008b\u0008"), bytes("\u00ca\u00fe\u00ba\u00be"),
            bytes("\u00ef\u00bb\u00bfid,value\n1,2\n"), bytes("{\"tables\": []}\n"), bytes("\u00ff\u00fe<\u0000x\u0000"),
            bytes("BIGDB\r\n\u001a"), bytes("BIGM"));

    private final byte[] database;
    private final byte[] exportStream;

    private HostileFiles(byte[] database, byte[] exportStream) {
        this.database = database;
        this.exportStream = exportStream;
    }

    /** Builds the real database (and its export stream) the mutations start from. */
    static HostileFiles create(Path dir) throws Exception {
        Path file = dir.resolve("good.big");
        try (Db db = Db.create(file, List.of(EventRecords.table()))) {
            try (Ingester ingester = db.ingest(500)) {
                for (long id = 0; id < 3_000; id++) {
                    ingester.append(EventRecords.TABLE, EventRecords.record(id));
                }
            }
            db.append(EventRecords.TABLE, EventRecords.record(3_000));
        }
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        try (Db db = Db.openReadOnly(file)) {
            Exporter.export(db, stream, "good.bigx");
        }
        return new HostileFiles(Files.readAllBytes(file), stream.toByteArray());
    }

    byte[] database() {
        return database.clone();
    }

    Hostile next(SplittableRandom random) {
        int kind = random.nextInt(9);
        return switch (kind) {
            case 0 -> new Hostile("random bytes", randomBytes(random, interestingLength(random)), false);
            case 1 -> {
                int fill = random.nextInt(3);
                byte[] bytes = new byte[interestingLength(random)];
                Arrays.fill(bytes, (byte) (fill == 0 ? 0 : fill == 1 ? 0xFF : ' '));
                yield new Hostile("filled with " + (fill == 0 ? "zeros" : fill == 1 ? "0xFF" : "spaces") + ", " + bytes.length
                        + " bytes", bytes, false);
            }
            case 2 -> {
                byte[] header = FOREIGN_HEADERS.get(random.nextInt(FOREIGN_HEADERS.size()));
                byte[] bytes = random.nextBoolean() ? new byte[interestingLength(random)] : randomBytes(random, interestingLength(random));
                System.arraycopy(header, 0, bytes, 0, Math.min(header.length, bytes.length));
                yield new Hostile("another program's file (" + printable(header) + "...), " + bytes.length + " bytes", bytes, false);
            }
            case 3 -> new Hostile("big's export stream, not a database", exportStream.clone(), false);
            case 4 -> {
                int cut = random.nextBoolean() ? random.nextInt(database.length) : PageFormat.PAGE_SIZE_BYTES
                        * random.nextInt(database.length / PageFormat.PAGE_SIZE_BYTES);
                yield new Hostile("a big file truncated to " + cut + " of " + database.length + " bytes",
                        Arrays.copyOf(database, cut), false);
            }
            case 5 -> {
                int version = random.nextBoolean() ? MetaPage.VERSION_CURRENT + 1 + random.nextInt(1000) : MetaPage.VERSION_START - 1;
                boolean both = random.nextBoolean();
                byte[] bytes = database();
                for (int slot = 0; slot < MetaPage.SLOTS; slot++) {
                    MemorySegment page = slot(bytes, slot);
                    if (MetaPage.hasSignature(page) && (both || slot == newestSlot())) {
                        page.set(PageFormat.LE_SHORT, PageHeader.VERSION_OFFSET, (short) version);
                        PageHeader.seal(page);
                    }
                }
                yield new Hostile("format version " + version + (both ? " in both meta pages" : " in the newest meta page"), bytes,
                        false);
            }
            case 6 -> crafted(random);
            case 7 -> {
                byte[] tail = randomBytes(random, 1 + random.nextInt(3 * PageFormat.PAGE_SIZE_BYTES));
                byte[] bytes = Arrays.copyOf(database, database.length + tail.length);
                System.arraycopy(tail, 0, bytes, database.length, tail.length);
                yield new Hostile("a big file with " + tail.length + " bytes of junk after its last commit", bytes, true);
            }
            default -> {
                byte[] bytes = database();
                int damaged = 1 + random.nextInt(6);
                for (int i = 0; i < damaged; i++) {
                    int at = random.nextInt(bytes.length);
                    bytes[at] = (byte) random.nextInt(256);
                }
                boolean metaIntact = Arrays.equals(bytes, 0, 2 * PageFormat.PAGE_SIZE_BYTES, database, 0, 2 * PageFormat.PAGE_SIZE_BYTES);
                yield new Hostile("a big file with " + damaged + " random bytes overwritten", bytes, metaIntact);
            }
        };
    }

    /** A meta page that passes its checksum but whose fields cannot be right. */
    private Hostile crafted(SplittableRandom random) {
        byte[] bytes = database();
        MemorySegment meta = slot(bytes, newestSlot());
        MetaPage.State state = MetaPage.read(meta);
        int lie = random.nextInt(7);
        String what;
        MetaPage.State crafted = switch (lie) {
            case 0 -> {
                what = "page count 2^40";
                yield new MetaPage.State(state.formatVersion(), state.txid(), 1L << 40, state.roots(), state.catalog(), state.freelist(),
                        state.freePages(), state.commitMillis());
            }
            case 1 -> {
                what = "page count 1";
                yield new MetaPage.State(state.formatVersion(), state.txid(), 1, state.roots(), state.catalog(), state.freelist(), state.freePages(),
                        state.commitMillis());
            }
            case 2 -> {
                what = "roots tree at a page past the end";
                yield new MetaPage.State(state.formatVersion(), state.txid(), state.pageCount(), new dev.big.page.PageRef(state.pageCount() + 5,
                        state.roots().checksum()), state.catalog(), state.freelist(), state.freePages(), state.commitMillis());
            }
            case 3 -> {
                what = "catalog tree rooted at the meta page";
                yield new MetaPage.State(state.formatVersion(), state.txid(), state.pageCount(), state.roots(), new dev.big.page.PageRef(1,
                        state.catalog().checksum()), state.freelist(), state.freePages(), state.commitMillis());
            }
            case 4 -> {
                what = "roots checksum wrong";
                yield new MetaPage.State(state.formatVersion(), state.txid(), state.pageCount(), new dev.big.page.PageRef(state.roots().pgno(),
                        state.roots().checksum() ^ 1), state.catalog(), state.freelist(), state.freePages(), state.commitMillis());
            }
            case 5 -> {
                what = "roots and catalog swapped";
                yield new MetaPage.State(state.formatVersion(), state.txid(), state.pageCount(), state.catalog(), state.roots(), state.freelist(),
                        state.freePages(), state.commitMillis());
            }
            default -> {
                what = "negative page count";
                yield new MetaPage.State(state.formatVersion(), state.txid(), -5, state.roots(), state.catalog(), state.freelist(), state.freePages(),
                        state.commitMillis());
            }
        };
        MetaPage.write(meta, crafted);
        return new Hostile("a crafted meta page (checksum valid): " + what, bytes, false);
    }

    private int newestSlot() {
        MemorySegment s0 = slot(database, 0);
        MemorySegment s1 = slot(database, 1);
        return PageHeader.txid(s0) > PageHeader.txid(s1) ? 0 : 1;
    }

    private static MemorySegment slot(byte[] file, int slot) {
        return MemorySegment.ofArray(file).asSlice((long) slot * PageFormat.PAGE_SIZE_BYTES, PageFormat.PAGE_SIZE_BYTES);
    }

    private static int interestingLength(SplittableRandom random) {
        int[] lengths = {0, 1, 7, 100, 8_191, 8_192, 8_193, 16_383, 16_384, 16_385, 24_576, 100_000};
        return random.nextInt(3) == 0 ? random.nextInt(200_000) : lengths[random.nextInt(lengths.length)];
    }

    private static byte[] randomBytes(SplittableRandom random, int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) random.nextInt(256);
        }
        return bytes;
    }

    private static byte[] bytes(String latin1) {
        return latin1.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String printable(byte[] header) {
        StringBuilder text = new StringBuilder();
        for (byte b : Arrays.copyOf(header, Math.min(header.length, 8))) {
            text.append(b >= 32 && b < 127 ? String.valueOf((char) b) : String.format("\\x%02x", b & 0xFF));
        }
        return text.toString();
    }
}
