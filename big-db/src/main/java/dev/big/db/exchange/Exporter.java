package dev.big.db.exchange;

import dev.big.db.Db;
import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.RecordCounts;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.ReadTxn;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes an export stream (see {@link ExportFormat}) of a database: the schema, the dictionaries,
 * then every fragment of the exported tables, container by container.
 *
 * <p>The whole export reads one snapshot (a read transaction), so it is consistent as of one
 * commit while writers in this process keep committing; the pages it reads are not reused until
 * it ends. Memory stays at about one block whatever the size of the database.
 */
public final class Exporter {

    private final BlockWriter blocks;
    private final BodyWriter body = new BodyWriter();
    private long dictionaryEntries;
    private long fragments;
    private long containers;
    private long records;

    private Exporter(OutputStream out, String name) {
        this.blocks = new BlockWriter(out, name);
    }

    /** Exports every table of {@code db}'s latest commit to {@code out}; {@code name} names it in messages. */
    public static ExchangeSummary export(Db db, OutputStream out, String name) {
        return export(db, List.of(), out, name);
    }

    /** Exports the tables named in {@code tables} (all tables when empty). Does not close {@code out}. */
    public static ExchangeSummary export(Db db, List<String> tables, OutputStream out, String name) {
        try (ReadTxn txn = db.store().beginRead()) {
            Catalog catalog = Catalog.of(txn);
            List<TableInfo> exported = tables.isEmpty() ? List.copyOf(catalog.tables().values())
                    : tables.stream().map(catalog::table).toList();
            return new Exporter(out, name).write(txn, exported);
        }
    }

    private ExchangeSummary write(ReadTxn txn, List<TableInfo> tables) {
        blocks.writeHeader();
        body.reset();
        StreamSchema.of(txn.baseTxid(), tables).write(body);
        blocks.writeBlock(body);
        for (TableInfo table : tables) {
            for (FieldInfo field : table.fields().values()) {
                if (field.type().hasDictionary()) {
                    writeDictionary(txn, field);
                }
            }
        }
        for (TableInfo table : tables) {
            writeFragments(txn, table.existsFieldId(), false, true);
            for (FieldInfo field : table.fields().values()) {
                writeFragments(txn, field.fieldId(), field.type().hasDictionary(), false);
            }
        }
        long blocksBeforeEnd = blocks.blocks();
        body.reset();
        body.u8(ExportFormat.KIND_END).u64(blocksBeforeEnd).u64(dictionaryEntries).u64(fragments).u64(containers)
                .u64(records);
        blocks.writeBlock(body);
        blocks.flush();
        return new ExchangeSummary(txn.baseTxid(), tables.size(), records, dictionaryEntries, fragments, containers,
                blocks.blocks(), blocks.bytesWritten());
    }

    /** DictionaryBody blocks of one field: its values by id, from the by-id tree, ids ascending. */
    private void writeDictionary(ReadTxn txn, FieldInfo field) {
        int[] countOffset = {startDictionaryBlock(field)};
        long[] inBlock = {0};
        txn.fragment(Coords.fragmentKey(field.fieldId(), Dictionary.VIEW_BY_ID, 0)).forEachCell(0, -1L, view -> {
            if (body.size() >= ExportFormat.TARGET_RAW_BLOCK_BYTES) {
                body.patchU32(countOffset[0], inBlock[0]);
                blocks.writeBlock(body);
                countOffset[0] = startDictionaryBlock(field);
                inBlock[0] = 0;
            }
            byte[] utf8 = view.bytes();
            body.u64(view.key()).u16(utf8.length).bytes(utf8);
            inBlock[0]++;
            dictionaryEntries++;
            return true;
        });
        body.patchU32(countOffset[0], inBlock[0]);
        blocks.writeBlock(body);
    }

    private int startDictionaryBlock(FieldInfo field) {
        body.reset();
        body.u8(ExportFormat.KIND_DICTIONARY).u16(field.fieldId());
        int countOffset = body.size();
        body.u32(0);
        return countOffset;
    }

    /**
     * FragmentBody blocks of every fragment of {@code fieldId}, all views, shards ascending. A
     * dictionary field's dictionary trees are not fragments of the stream: its dictionary blocks
     * carry their values and an import rebuilds them.
     */
    private void writeFragments(ReadTxn txn, int fieldId, boolean hasDictionary, boolean existence) {
        record Named(long key, byte[] summary) {}
        List<Named> named = new ArrayList<>();
        txn.forEachFragment(Coords.firstFragmentKey(fieldId, 0), Coords.lastFragmentKey(fieldId, Coords.MAX_VIEW),
                (key, summary) -> {
                    int view = Coords.viewOf(key);
                    if (!(hasDictionary && (view == Dictionary.VIEW_BY_HASH || view == Dictionary.VIEW_BY_ID))) {
                        named.add(new Named(key, summary));
                    }
                    return true;
                });
        for (Named fragment : named) {
            byte[] summary = fragment.summary();
            if (Coords.viewOf(fragment.key()) == Coords.VIEW_ROWS) {
                // A stream carries an existence fragment's record count as a count alone and no other
                // rows fragment's summary: the row counts a file keeps are its own, made again on import.
                if (existence) {
                    long count = RecordCounts.count(txn, fragment.key(), summary);
                    records += count;
                    summary = count == 0 ? new byte[0] : RecordCounts.encode(count);
                } else {
                    summary = new byte[0];
                }
            }
            writeFragment(txn, fragment.key(), summary);
            fragments++;
        }
    }

    private void writeFragment(ReadTxn txn, long key, byte[] summary) {
        int[] countOffset = {startFragmentBlock(key, summary)};
        long[] inBlock = {0};
        txn.fragment(key).forEachCell(0, -1L, view -> {
            if (body.size() >= ExportFormat.TARGET_RAW_BLOCK_BYTES) {
                body.patchU32(countOffset[0], inBlock[0]);
                blocks.writeBlock(body);
                countOffset[0] = startFragmentBlock(key, summary);
                inBlock[0] = 0;
            }
            StreamContainers.write(body, view);
            inBlock[0]++;
            containers++;
            return true;
        });
        body.patchU32(countOffset[0], inBlock[0]);
        blocks.writeBlock(body);
    }

    private int startFragmentBlock(long key, byte[] summary) {
        body.reset();
        body.u8(ExportFormat.KIND_FRAGMENT).u64(key).u16(summary.length).bytes(summary);
        int countOffset = body.size();
        body.u32(0);
        return countOffset;
    }
}
