package dev.big.db.write;

import dev.big.db.InvalidInputException;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.RecordCounts;
import dev.big.db.catalog.TableInfo;
import dev.big.db.field.BoolKind;
import dev.big.db.field.KeyedKind;
import dev.big.db.field.ScalarKind;
import dev.big.db.field.SetKind;
import dev.big.engine.Cell;
import dev.big.engine.WriteTxn;
import dev.big.engine.bsi.BsiBulkWriter;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import dev.big.engine.dict.SetIds;
import dev.big.engine.rows.RowBulkWriter;
import dev.big.engine.rows.RowReader;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Writes records that do not exist yet, one container column at a time: every row's bits for the
 * column (existence, each bit plane, each value's row) are gathered as words and OR-ed into the
 * container once, instead of changing containers bit by bit. Used by bulk loads and by ingest
 * batches for their new records; nothing here needs to read or clear old values. Call
 * {@link #finish()} after the last column: it stores the zone maps the columns widened.
 */
public final class NewRecordWriter {

    private final WriteTxn txn;
    private final TableInfo table;
    private final Function<FieldInfo, Dictionary> dictionaries;
    private final Function<FieldInfo, SetIds> setIds;
    private final RowBulkWriter rows;
    private final Map<Integer, KnownDictionaryIds> dictionaryIds = new HashMap<>();
    /** The bit planes of every int, timestamp and keyed field: one writer, so its buffers and zone maps carry across columns. */
    private final BsiBulkWriter bsiWriter;
    private final TreeSet<Long> shards = new TreeSet<>();
    private final RowReader rowReader = new RowReader();

    /**
     * {@code table} as this transaction's catalog has it; {@code dictionaries} and {@code setIds}
     * give a field's dictionary and set ids objects (shared with other writers of the same
     * transaction, which flushes the set ids before it commits).
     */
    public NewRecordWriter(WriteTxn txn, TableInfo table, Function<FieldInfo, Dictionary> dictionaries,
                           Function<FieldInfo, SetIds> setIds) {
        this.txn = txn;
        this.table = table;
        this.dictionaries = dictionaries;
        this.setIds = setIds;
        this.rows = new RowBulkWriter(txn);
        this.bsiWriter = new BsiBulkWriter(txn);
    }

    /**
     * Writes records {@code ids[from, to)}, which share one container column of one shard and do
     * not exist yet; {@code columns} holds their values at the same positions.
     */
    public void writeColumn(long[] ids, RecordColumns columns, int from, int to) {
        long shard = Coords.shard(ids[from]);
        int containerColumn = Coords.containerColumn(Coords.column(ids[from]));
        int n = to - from;
        char[] lows = new char[n];
        for (int k = 0; k < n; k++) {
            lows[k] = (char) Coords.low(Coords.column(ids[from + k]));
        }
        long existsFragment = table.existsFragment(shard);
        Cell existing = txn.fragment(existsFragment).find(Coords.containerKeyOf(0, containerColumn));
        if (existing != null) {
            for (char low : lows) {
                if (existing.contains(low)) {
                    throw new InvalidInputException("table '" + table.name() + "': record "
                            + Coords.recordId(shard, (containerColumn << 16) | low) + " already exists");
                }
            }
        }
        rows.begin(existsFragment, containerColumn);
        for (char low : lows) {
            rows.set(0, low);
        }
        rows.end();
        shards.add(shard);
        char[] fieldLows = new char[n];
        long[] fieldValues = new long[n];
        int f = 0;
        for (FieldInfo field : table.fields().values()) {
            RecordColumns.Column column = columns.column(f++);
            int m = 0;
            switch (field.kind()) {
                case ScalarKind scalar -> {
                    RecordColumns.Numbers numbers = (RecordColumns.Numbers) column;
                    for (int k = 0; k < n; k++) {
                        if (numbers.present[from + k]) {
                            fieldLows[m] = lows[k];
                            fieldValues[m++] = numbers.values[from + k];
                        }
                    }
                    writeBsi(field, shard, containerColumn, fieldLows, fieldValues, m);
                }
                case BoolKind bool -> {
                    RecordColumns.Bools bools = (RecordColumns.Bools) column;
                    rows.begin(field.rowsFragment(shard), containerColumn);
                    for (int k = 0; k < n; k++) {
                        int row = bools.row(from + k);
                        if (row >= 0) {
                            rows.set(row, lows[k]);
                        }
                    }
                    rows.end();
                }
                case KeyedKind keyed -> {
                    String[] texts = ((RecordColumns.Texts) column).values;
                    rows.begin(field.rowsFragment(shard), containerColumn);
                    KnownDictionaryIds knownIds = dictionaryIds(field);
                    for (int k = 0; k < n; k++) {
                        String s = texts[from + k];
                        if (s != null) {
                            long dictId = dictId(field, knownIds, s);
                            rows.set(dictId, lows[k]);
                            fieldLows[m] = lows[k];
                            fieldValues[m++] = dictId;
                        }
                    }
                    rows.end();
                    writeBsi(field, shard, containerColumn, fieldLows, fieldValues, m);
                }
                case SetKind setKind -> {
                    String[][] values = ((RecordColumns.Sets) column).values;
                    rows.begin(field.rowsFragment(shard), containerColumn);
                    KnownDictionaryIds knownIds = dictionaryIds(field);
                    SetIds sets = field.hasSetIds() ? setIds.apply(field) : null;
                    for (int k = 0; k < n; k++) {
                        String[] set = values[from + k];
                        if (set != null) {
                            long[] members = new long[set.length];
                            for (int v = 0; v < set.length; v++) {
                                members[v] = dictId(field, knownIds, set[v]);
                                rows.set(members[v], lows[k]);
                            }
                            if (sets != null) {
                                java.util.Arrays.sort(members);
                                long setId = sets.idOrAssign(members);
                                sets.count(setId, 1);
                                fieldLows[m] = lows[k];
                                fieldValues[m++] = setId;
                            }
                        }
                    }
                    rows.end();
                    writeBsi(field, shard, containerColumn, fieldLows, fieldValues, m);
                }
            }
        }
    }

    private void writeBsi(FieldInfo field, long shard, int containerColumn, char[] lows, long[] values, int count) {
        if (count == 0) {
            return;
        }
        bsiWriter.addColumn(field.bsi(), shard, containerColumn, lows, values, count);
    }

    /** Stores the zone maps of the fields written; call once, after the last column, before commit. */
    public void finish() {
        bsiWriter.flush();
    }

    /** The dictionary ids this writer has looked up for {@code field}. */
    private KnownDictionaryIds dictionaryIds(FieldInfo field) {
        return dictionaryIds.computeIfAbsent(field.fieldId(), id -> new KnownDictionaryIds());
    }

    /** A dictionary id, remembered in {@code cache} for the life of this writer (ids never change once given). */
    private long dictId(FieldInfo field, KnownDictionaryIds cache, String value) {
        long id = cache.get(value);
        if (id == KnownDictionaryIds.ABSENT) {
            id = dictionaries.apply(field).idOrAssign(value);
            cache.put(value, id);
        }
        return id;
    }

    /** The shards records were written to (their existence fragments need a recount). */
    public Set<Long> shards() {
        return shards;
    }

    /** Stores the record counts of the existence fragments written to. */
    public void writeRecordCounts() {
        for (long shard : shards) {
            RecordCounts.store(txn, table.existsFragment(shard), rowReader);
        }
    }

    /** Calls {@code column(from, to)} for each run of ids sharing a container column. */
    public static void forEachColumn(long[] ids, int from, int to, ColumnRange column) {
        while (from < to) {
            long unit = ids[from] >>> Coords.CONTAINER_BITS;
            int end = from + 1;
            while (end < to && ids[end] >>> Coords.CONTAINER_BITS == unit) {
                end++;
            }
            column.accept(from, end);
            from = end;
        }
    }

    /** A range of positions sharing a container column. */
    @FunctionalInterface
    public interface ColumnRange {
        void accept(int from, int to);
    }
}
