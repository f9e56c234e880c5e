package dev.big.db.exchange;

import dev.big.db.Db;
import dev.big.db.InvalidInputException;
import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.CatalogCodec;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.RecordCounts;
import dev.big.db.catalog.TableInfo;
import dev.big.db.check.DbCheck;
import dev.big.engine.Fragment;
import dev.big.engine.ReadTxn;
import dev.big.engine.WriteTxn;
import dev.big.engine.bsi.ZoneMap;
import dev.big.engine.check.StoreCheckReport;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads an export stream (see {@link ExportFormat}) into a new database.
 *
 * <p>The database is built in a hidden temporary file next to the target and renamed to the
 * target only after the whole stream verified and loaded, and what it loaded passed the checks
 * {@code big check} makes beside the pages ({@link DbCheck#checkStructures}): a damaged,
 * truncated, self-contradicting or version-incompatible stream, a full disk or a crash leaves no
 * target behind (and the temporary file is removed, except after a crash). The import commits a
 * bounded amount at a time, so memory stays flat. Field ids are assigned afresh (densely, table by table), so an export and import also
 * compacts the ids a database used up by dropping fields.
 */
public final class Importer {

    /** Container payload bytes per commit: bounds the heap a write transaction holds. */
    static final long COMMIT_BYTES = 32L << 20;
    /**
     * Problems of a stream that contradicts itself quoted in the refusal, besides the last (often
     * a total); big check on the source lists them all.
     */
    private static final int PROBLEMS_QUOTED = 5;

    private final Db db;
    private final BlockReader reader;
    private final Map<Integer, TableInfo> tablesBySourceExistsId = new HashMap<>();
    /** Source field id to the field it becomes, with the source's base and next dictionary id. */
    private final Map<Integer, FieldInfo> fieldsBySourceId = new HashMap<>();
    private final Map<Integer, Integer> sourceExistsToTarget = new HashMap<>();
    private final Map<Integer, Dictionary> dictionaries = new HashMap<>();
    private final Map<Integer, Long> nextDictIds = new HashMap<>();
    private final Set<Long> fragmentsSeen = new HashSet<>();
    private StreamSchema schema;
    private WriteTxn txn;
    private long pendingBytes;
    private long currentFragment = -1;
    private long lastContainerKey;
    private long dictionaryEntries;
    private long containers;
    private long records;

    private Importer(Db db, BlockReader reader) {
        this.db = db;
        this.reader = reader;
    }

    /**
     * Imports the stream {@code in} (named {@code name} in messages) into a new database at
     * {@code target}, which must not exist. Does not close {@code in}.
     */
    public static ExchangeSummary importStream(InputStream in, String name, Path target) {
        Path absolute = target.toAbsolutePath();
        if (Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
            throw new InvalidInputException(target + " already exists; import creates a new database: choose another"
                    + " path, or remove " + target + " first");
        }
        Path directory = absolute.getParent();
        if (!Files.isDirectory(directory)) {
            throw new InvalidInputException("cannot create " + target + ": directory " + directory + " does not exist");
        }
        Path temporary = directory.resolve("." + absolute.getFileName() + ".importing-" + ProcessHandle.current().pid()
                + "-" + Long.toUnsignedString(System.nanoTime(), 36));
        Db db = Db.create(temporary);
        boolean success = false;
        try {
            ExchangeSummary summary;
            try (db) {
                summary = new Importer(db, new BlockReader(in, name)).run();
            }
            moveIntoPlace(temporary, absolute, target);
            success = true;
            return summary;
        } finally {
            if (!success) {
                db.close();
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException e) {
                    // The import already failed with the error that matters; the stray file's name says what it is.
                }
            }
        }
    }

    /** Renames without replacing: a target that appeared meanwhile is left alone. */
    private static void moveIntoPlace(Path temporary, Path absolute, Path target) {
        try {
            Files.move(temporary, absolute);
        } catch (FileAlreadyExistsException e) {
            throw new InvalidInputException(target + " was created by someone else while the import ran; it was left"
                    + " as it is. Import again to another path.");
        } catch (IOException e) {
            throw new UncheckedIOException("renaming " + temporary + " to " + target + " failed: " + e.getMessage(), e);
        }
        try (FileChannel directory = FileChannel.open(absolute.getParent(), StandardOpenOption.READ)) {
            directory.force(true);
        } catch (IOException e) {
            // Not every platform can sync a directory; the database file itself is synced.
        }
    }

    private ExchangeSummary run() {
        int version = reader.readHeader();
        BlockReader.Block first = reader.next();
        if (first == null) {
            throw truncated("it ends after its header, before the schema block");
        }
        if (first.kind() != ExportFormat.KIND_SCHEMA) {
            throw first.body().corrupt("expected the schema block first");
        }
        schema = StreamSchema.read(first.body(), version);
        createTables();
        txn = beginChunk();
        try {
            BlockReader.Block block;
            while ((block = reader.next()) != null) {
                switch (block.kind()) {
                    case ExportFormat.KIND_DICTIONARY -> readDictionary(block.body());
                    case ExportFormat.KIND_FRAGMENT -> readFragment(block.body());
                    case ExportFormat.KIND_END -> {
                        checkEnd(block);
                        finish();
                        verifyLanded();
                        return new ExchangeSummary(schema.sourceTxid(), schema.tables().size(), records,
                                dictionaryEntries, fragmentsSeen.size(), containers, block.index() + 1, reader.offset());
                    }
                    default -> throw block.body().corrupt(block.kind() == ExportFormat.KIND_SCHEMA
                            ? "a second schema block" : "unknown block kind " + block.kind());
                }
                if (pendingBytes >= COMMIT_BYTES) {
                    commitAndContinue();
                }
            }
            throw truncated("it ends at offset " + reader.offset() + " without its end block");
        } finally {
            txn.close();
        }
    }

    private CorruptStreamException truncated(String how) {
        return new CorruptStreamException(reader.name() + " is truncated: " + how
                + ". Nothing was imported; export the database again.");
    }

    /**
     * Creates the tables, then records which new field each source field id becomes, with the
     * source's base, counters and index names (a field's order index tree comes as its view 6
     * fragment, copied as it is, so the writers that made it need not run again).
     */
    private void createTables() {
        for (StreamSchema.Table table : schema.tables()) {
            db.createTable(table.def());
        }
        try (ReadTxn read = db.store().beginRead()) {
            Catalog catalog = Catalog.of(read);
            Set<String> indexNames = new HashSet<>();
            for (StreamSchema.Table table : schema.tables()) {
                TableInfo created = catalog.table(table.name());
                if (sourceExistsToTarget.put(table.existsFieldId(), created.existsFieldId()) != null
                        || fieldsBySourceId.containsKey(table.existsFieldId())) {
                    throw schemaProblem("field id " + table.existsFieldId() + " is used twice");
                }
                tablesBySourceExistsId.put(table.existsFieldId(), created.withNextRecordId(table.nextRecordId()));
                for (StreamSchema.Field field : table.fields()) {
                    if (field.orderIndexName() != null && !indexNames.add(field.orderIndexName().toLowerCase(java.util.Locale.ROOT))) {
                        throw schemaProblem("index name '" + field.orderIndexName() + "' is used twice");
                    }
                    FieldInfo target = created.field(field.def().name());
                    FieldInfo imported = new FieldInfo(target.fieldId(), target.tableId(), target.def(), field.base(),
                            field.nextDictId(), field.nextSetId(), field.orderIndexName());
                    if (fieldsBySourceId.put(field.fieldId(), imported) != null
                            || sourceExistsToTarget.containsKey(field.fieldId())) {
                        throw schemaProblem("field id " + field.fieldId() + " is used twice");
                    }
                }
            }
        }
        try (WriteTxn write = db.store().beginWrite()) {
            writeCatalogEntries(write);
            write.commit();
        }
    }

    private CorruptStreamException schemaProblem(String problem) {
        return new CorruptStreamException("the schema block of " + reader.name() + " is inconsistent: " + problem
                + "; the stream is damaged or was not written by big.");
    }

    /**
     * Stores what {@code createTable} cannot know: each table's next record id and each field's
     * base and next dictionary id, as the source had them (the bit planes are relative to that base).
     */
    private void writeCatalogEntries(WriteTxn write) {
        for (TableInfo table : tablesBySourceExistsId.values()) {
            write.catalog().putBytes(CatalogCodec.tableKey(table.tableId()), CatalogCodec.encodeTable(table));
        }
        for (FieldInfo field : fieldsBySourceId.values()) {
            long nextDictId = Math.max(field.nextDictId(), nextDictIds.getOrDefault(field.fieldId(), 0L));
            write.catalog().putBytes(CatalogCodec.fieldKey(field.fieldId()),
                    CatalogCodec.encodeField(field.withNextDictId(nextDictId)));
        }
    }

    private void readDictionary(BodyReader in) {
        int sourceFieldId = in.u16();
        FieldInfo field = fieldsBySourceId.get(sourceFieldId);
        if (field == null || !field.type().hasDictionary()) {
            throw in.corrupt("dictionary of field id " + sourceFieldId + ", which "
                    + (field == null ? "the schema does not declare" : "is a " + field.type().label() + " field"));
        }
        Dictionary dictionary = dictionaries.computeIfAbsent(field.fieldId(), id ->
                new Dictionary(txn, field.withNextDictId(nextDictIds.getOrDefault(id, 0L)).dict()));
        long count = in.u32();
        for (long i = 0; i < count; i++) {
            long id = in.u64();
            byte[] utf8 = in.bytes(in.u16());
            long assigned = dictionary.idOrAssign(new String(utf8, StandardCharsets.UTF_8));
            if (assigned != id) {
                throw in.corrupt("dictionary of field '" + field.name() + "' gives id " + id + " where " + assigned
                        + " was expected (ids must be dense and ascending, each value once)");
            }
            pendingBytes += utf8.length + 16;
        }
        nextDictIds.put(field.fieldId(), dictionary.nextId());
        dictionaryEntries += count;
        if (in.hasRemaining()) {
            throw in.corrupt(in.remaining() + " bytes follow the last dictionary entry");
        }
    }

    private void readFragment(BodyReader in) {
        long sourceKey = in.u64();
        byte[] summary = in.bytes(in.u16());
        long targetKey = targetFragment(in, sourceKey);
        if (sourceKey != currentFragment) {
            if (!fragmentsSeen.add(sourceKey)) {
                throw in.corrupt("fragment " + describe(sourceKey) + " appears again after other fragments");
            }
            currentFragment = sourceKey;
            lastContainerKey = -1;
            if (sourceExistsToTarget.containsKey(Coords.fieldOf(sourceKey)) && Coords.viewOf(sourceKey) == Coords.VIEW_ROWS) {
                records += RecordCounts.decode(summary);
            }
        }
        // A rows fragment's summary (an existence fragment's record count) is kept by the transaction
        // in files of format 3 and later, from the bits this import writes.
        if (summary.length > 0 && !txn.keepsRowCounts(targetKey)) {
            // A zone map is written in the version the target file holds, whichever the source held.
            txn.setSummary(targetKey, Coords.viewOf(targetKey) == Coords.VIEW_BSI
                    ? ZoneMap.decode(summary).encode(txn.formatVersion()) : summary);
        }
        Fragment tree = txn.fragment(targetKey);
        long count = in.u32();
        for (long i = 0; i < count; i++) {
            StreamContainers.Entry entry = StreamContainers.read(in);
            if (lastContainerKey != -1 && Long.compareUnsigned(entry.key(), lastContainerKey) <= 0) {
                throw in.corrupt("container keys of fragment " + describe(sourceKey) + " do not ascend");
            }
            lastContainerKey = entry.key();
            if (entry.container() != null) {
                tree.put(entry.key(), entry.container());
                pendingBytes += entry.container().getSizeInBytes();
            } else {
                tree.putBytes(entry.key(), entry.bytes());
                pendingBytes += entry.bytes().length;
            }
            containers++;
        }
        if (in.hasRemaining()) {
            throw in.corrupt(in.remaining() + " bytes follow the last container");
        }
    }

    /** The key the source fragment gets here: same view and shard, the new field id. */
    private long targetFragment(BodyReader in, long sourceKey) {
        int sourceField = Coords.fieldOf(sourceKey);
        int view = Coords.viewOf(sourceKey);
        Integer exists = sourceExistsToTarget.get(sourceField);
        FieldInfo field = fieldsBySourceId.get(sourceField);
        if (exists == null && field == null) {
            throw in.corrupt("fragment " + describe(sourceKey) + " belongs to no field of the schema");
        }
        if (field != null && field.type().hasDictionary()
                && (view == Dictionary.VIEW_BY_HASH || view == Dictionary.VIEW_BY_ID)) {
            throw in.corrupt("fragment " + describe(sourceKey) + " is a dictionary tree, which streams carry as"
                    + " dictionary blocks");
        }
        return Coords.fragmentKey(exists != null ? exists : field.fieldId(), view, Coords.shardOf(sourceKey));
    }

    private static String describe(long fragmentKey) {
        return "(field " + Coords.fieldOf(fragmentKey) + ", view " + Coords.viewOf(fragmentKey) + ", shard "
                + Coords.shardOf(fragmentKey) + ")";
    }

    /** A transaction for the next chunk of the stream: an import writes the pages, not the write log (it would write it twice). */
    private WriteTxn beginChunk() {
        WriteTxn chunk = db.store().beginWrite();
        chunk.commitToPages();
        return chunk;
    }

    private void commitAndContinue() {
        writeCatalogEntries(txn);
        txn.commit();
        txn = beginChunk();
        dictionaries.clear();
        pendingBytes = 0;
    }

    private void checkEnd(BlockReader.Block end) {
        BodyReader in = end.body();
        long[] expected = {in.u64(), in.u64(), in.u64(), in.u64(), in.u64()};
        long[] actual = {end.index(), dictionaryEntries, fragmentsSeen.size(), containers, records};
        String[] what = {"blocks", "dictionary entries", "fragments", "containers", "records"};
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != actual[i]) {
                throw in.corrupt("the stream promised " + expected[i] + " " + what[i] + " but held " + actual[i]);
            }
        }
        if (reader.next() != null) {
            throw in.corrupt("more blocks follow the end block");
        }
    }

    private void finish() {
        writeCatalogEntries(txn);
        txn.commit();
    }

    /**
     * Checks what landed as {@code big check} checks a database beside its pages (the pages were
     * just written here): block checksums show only that the stream arrived as it was written,
     * not that what it says agrees with itself. A stream exported from a damaged database, or
     * altered and re-checksummed, can carry rows that say one value and id planes that say
     * another, a dictionary that contradicts itself or counts that do not add up.
     */
    private void verifyLanded() {
        List<StoreCheckReport.Problem> problems;
        try (ReadTxn read = db.store().beginRead()) {
            problems = DbCheck.checkStructures(read);
        }
        if (problems.isEmpty()) {
            return;
        }
        StringBuilder message = new StringBuilder(reader.name() + " passed every checksum, but what it holds"
                + " contradicts itself (" + problems.size() + " problem(s) as big check reports them):");
        for (int i = 0; i < problems.size(); i++) {
            if (i < PROBLEMS_QUOTED || i == problems.size() - 1) {
                StoreCheckReport.Problem problem = problems.get(i);
                message.append("\n  ").append(problem.kind()).append(": ").append(problem.message());
            } else if (i == PROBLEMS_QUOTED) {
                message.append("\n  ...");
            }
        }
        throw new CorruptStreamException(message.append("\nNothing was imported. It was exported from a damaged"
                + " database or altered after: run big check on the source database.").toString());
    }
}
