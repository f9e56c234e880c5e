package dev.big.db;

import dev.big.db.internal.Catalog;
import dev.big.db.internal.CatalogCodec;
import dev.big.db.internal.Dictionary;
import dev.big.db.internal.FieldInfo;
import dev.big.db.internal.RecordCounts;
import dev.big.db.internal.RowBulkWriter;
import dev.big.db.internal.TableInfo;
import dev.big.db.internal.Values;
import dev.big.engine.CommitStats;
import dev.big.engine.WriteTxn;
import dev.big.engine.bsi.BsiBulkWriter;
import dev.big.engine.coords.Coords;
import dev.big.engine.tree.ContainerView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The bottom-up load: records arrive in id order, are checked, gathered a chunk at a time (up to
 * {@link #CHUNK_RECORDS}, ending at a container-column boundary), and each container column of the
 * chunk is built in memory and OR-ed into its containers once. One commit per chunk, so memory
 * stays flat and a crash loses at most the chunk in flight.
 */
final class BulkLoader {

    /** Records per commit: one full container column of a dense table. */
    static final int CHUNK_RECORDS = 1 << 16;

    private final Db db;
    private final String tableName;
    private final ProgressListener listener;
    private final Map<Integer, Map<String, Long>> dictionaryCache = new HashMap<>();
    private long loaded;
    private long bytesWritten;

    BulkLoader(Db db, String tableName, ProgressListener listener) {
        this.db = db;
        this.tableName = tableName;
        this.listener = listener;
    }

    long load(Iterable<Record> records) {
        TableInfo table;
        try (Snapshot snapshot = db.read()) {
            table = snapshot.engine().catalog().table(tableName);
        }
        long lastId = table.nextRecordId() - 1;
        List<Long> ids = new ArrayList<>(CHUNK_RECORDS);
        List<Map<String, Object>> values = new ArrayList<>(CHUNK_RECORDS);
        long index = 0;
        for (Record record : records) {
            long id;
            if (record.id().isPresent()) {
                id = record.id().getAsLong();
                Coords.checkRecordId(id);
                if (id <= lastId) {
                    throw new InvalidInputException("bulk load of table '" + tableName + "': record " + index + " has id "
                            + id + ", but ids must ascend and exceed every id the table has (" + lastId
                            + "); use ingest() to write among existing records");
                }
            } else {
                id = Math.max(lastId + 1, db.reserveId(tableName));
            }
            boolean boundary = !ids.isEmpty() && (id >>> Coords.CONTAINER_BITS) != (ids.getLast() >>> Coords.CONTAINER_BITS);
            if (ids.size() >= CHUNK_RECORDS && boundary) {
                commitChunk(table, ids, values);
                ids.clear();
                values.clear();
            }
            values.add(Values.normalize(table, record, "record " + index + " (id " + id + ")"));
            ids.add(id);
            lastId = id;
            index++;
        }
        if (!ids.isEmpty()) {
            commitChunk(table, ids, values);
        }
        return loaded;
    }

    private void commitChunk(TableInfo table, List<Long> ids, List<Map<String, Object>> values) {
        try (WriteTxn txn = db.store().beginWrite()) {
            Catalog catalog = Catalog.of(txn);
            TableInfo current = catalog.table(table.name());
            RowBulkWriter rows = new RowBulkWriter(txn);
            Map<Integer, Dictionary> dictionaries = new HashMap<>();
            int from = 0;
            while (from < ids.size()) {
                long unit = ids.get(from) >>> Coords.CONTAINER_BITS;
                int to = from + 1;
                while (to < ids.size() && ids.get(to) >>> Coords.CONTAINER_BITS == unit) {
                    to++;
                }
                writeColumn(txn, current, ids, values, from, to, rows, dictionaries);
                from = to;
            }
            for (long shard : shardsOf(ids)) {
                long fragment = current.existsFragment(shard);
                txn.setSummary(fragment, RecordCounts.encode(recordCount(txn, fragment)));
            }
            TableInfo updated = current.withNextRecordId(Math.max(current.nextRecordId(), ids.getLast() + 1));
            txn.catalog().putBytes(CatalogCodec.tableKey(updated.tableId()), CatalogCodec.encodeTable(updated));
            for (var e : dictionaries.entrySet()) {
                FieldInfo field = fieldById(current, e.getKey()).withNextDictId(e.getValue().nextId());
                txn.catalog().putBytes(CatalogCodec.fieldKey(field.fieldId()), CatalogCodec.encodeField(field));
            }
            CommitStats stats = txn.commit();
            db.idsWritten(table.name(), ids.getLast());
            loaded += ids.size();
            bytesWritten += stats.totalBytesWritten();
            listener.progress(loaded, bytesWritten);
        }
    }

    /** Writes records {@code [from, to)}, which share one container column of one shard. */
    private void writeColumn(WriteTxn txn, TableInfo table, List<Long> ids, List<Map<String, Object>> values,
                             int from, int to, RowBulkWriter rows, Map<Integer, Dictionary> dictionaries) {
        long shard = Coords.shard(ids.get(from));
        int containerColumn = Coords.containerColumn(Coords.column(ids.get(from)));
        int n = to - from;
        char[] lows = new char[n];
        for (int k = 0; k < n; k++) {
            lows[k] = (char) Coords.low(Coords.column(ids.get(from + k)));
        }
        rows.begin(table.existsFragment(shard), containerColumn);
        ContainerView probe = new ContainerView();
        if (txn.tree(table.existsFragment(shard)).find(Coords.containerKeyOf(0, containerColumn), probe)) {
            for (char low : lows) {
                if (probe.contains(low)) {
                    throw new InvalidInputException("bulk load of table '" + table.name() + "': record id "
                            + Coords.recordId(shard, (containerColumn << 16) | low) + " already exists");
                }
            }
        }
        for (char low : lows) {
            rows.set(0, low);
        }
        rows.end();
        for (FieldInfo field : table.fields().values()) {
            char[] fieldLows = new char[n];
            long[] fieldValues = new long[n];
            int m = 0;
            switch (field.type()) {
                case INT, TIMESTAMP -> {
                    for (int k = 0; k < n; k++) {
                        Object value = values.get(from + k).get(field.name());
                        if (value != null) {
                            fieldLows[m] = lows[k];
                            fieldValues[m++] = (Long) value;
                        }
                    }
                    new BsiBulkWriterHolder(txn, field).write(shard, containerColumn, fieldLows, fieldValues, m);
                }
                case BOOL -> {
                    rows.begin(field.rowsFragment(shard), containerColumn);
                    for (int k = 0; k < n; k++) {
                        Object value = values.get(from + k).get(field.name());
                        if (value != null) {
                            rows.set((Boolean) value ? 1 : 0, lows[k]);
                        }
                    }
                    rows.end();
                }
                case KEYED -> {
                    Dictionary dictionary = dictionaries.computeIfAbsent(field.fieldId(), id -> new Dictionary(txn, field));
                    rows.begin(field.rowsFragment(shard), containerColumn);
                    for (int k = 0; k < n; k++) {
                        Object value = values.get(from + k).get(field.name());
                        if (value != null) {
                            long dictId = dictId(field, dictionary, (String) value);
                            rows.set(dictId, lows[k]);
                            fieldLows[m] = lows[k];
                            fieldValues[m++] = dictId;
                        }
                    }
                    rows.end();
                    new BsiBulkWriterHolder(txn, field).write(shard, containerColumn, fieldLows, fieldValues, m);
                }
                case SET -> {
                    Dictionary dictionary = dictionaries.computeIfAbsent(field.fieldId(), id -> new Dictionary(txn, field));
                    rows.begin(field.rowsFragment(shard), containerColumn);
                    for (int k = 0; k < n; k++) {
                        Object value = values.get(from + k).get(field.name());
                        if (value != null) {
                            @SuppressWarnings("unchecked")
                            Set<String> set = (Set<String>) value;
                            for (String element : set) {
                                rows.set(dictId(field, dictionary, element), lows[k]);
                            }
                        }
                    }
                    rows.end();
                }
            }
        }
    }

    private long dictId(FieldInfo field, Dictionary dictionary, String value) {
        Map<String, Long> cache = dictionaryCache.computeIfAbsent(field.fieldId(), id -> new HashMap<>());
        Long id = cache.get(value);
        if (id == null) {
            id = dictionary.idOrAssign(value);
            if (cache.size() < 100_000) {
                cache.put(value, id);
            }
        }
        return id;
    }

    private static long recordCount(WriteTxn txn, long fragment) {
        ContainerView view = new ContainerView();
        long count = 0;
        var tree = txn.tree(fragment);
        for (int c = 0; c < Coords.CONTAINERS_PER_ROW; c++) {
            if (tree.find(Coords.containerKeyOf(0, c), view)) {
                count += view.cardinality();
            }
        }
        return count;
    }

    private static java.util.SortedSet<Long> shardsOf(List<Long> ids) {
        java.util.TreeSet<Long> shards = new java.util.TreeSet<>();
        for (long id : ids) {
            shards.add(Coords.shard(id));
        }
        return shards;
    }

    private static FieldInfo fieldById(TableInfo table, int fieldId) {
        for (FieldInfo field : table.fields().values()) {
            if (field.fieldId() == fieldId) {
                return field;
            }
        }
        throw new IllegalStateException("no field " + fieldId);
    }

    /** One bulk writer per field and column group, flushed right away (zone maps stay in the transaction). */
    private record BsiBulkWriterHolder(WriteTxn txn, FieldInfo field) {
        void write(long shard, int containerColumn, char[] lows, long[] values, int count) {
            BsiBulkWriter writer = new BsiBulkWriter(txn, field.bsi());
            writer.addColumn(shard, containerColumn, lows, values, count);
            writer.flush();
        }
    }
}
