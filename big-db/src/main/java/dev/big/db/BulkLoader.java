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
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The bottom-up load: records arrive in id order, are checked value by value straight into column
 * buffers (one per field, no per-record maps), gathered a chunk at a time (up to
 * {@link #CHUNK_RECORDS}, ending at a container-column boundary), and each container column of
 * the chunk is built in memory and OR-ed into its containers once. One commit per chunk, so memory
 * stays flat and a crash loses at most the chunk in flight.
 *
 * <p>Two chunks alternate: while one is built and committed on a background thread, the caller's
 * thread checks records into the other, so both halves of the work run at once. Commits stay
 * strictly in order; the first failure stops the load and is rethrown to the caller.
 */
final class BulkLoader {

    /** Records per commit: one full container column of a dense table. */
    static final int CHUNK_RECORDS = 1 << 16;
    /** Room for a chunk plus the rest of the container column it ends in. */
    private static final int BUFFER_RECORDS = 2 * CHUNK_RECORDS;

    private final Db db;
    private final String tableName;
    private final ProgressListener listener;
    private final Map<Integer, Map<String, Long>> dictionaryCache = new HashMap<>();
    private volatile long loaded;
    private volatile long bytesWritten;

    /** One field's values for the records of the chunk, by position. */
    private static final class Column {
        final FieldInfo field;
        final long[] longs;
        final long[] present;
        final Object[] objects;

        Column(FieldInfo field) {
            this.field = field;
            boolean integer = field.type().isInteger() || field.type() == FieldType.BOOL;
            this.longs = integer ? new long[BUFFER_RECORDS] : null;
            this.present = new long[BUFFER_RECORDS / 64];
            this.objects = integer ? null : new Object[BUFFER_RECORDS];
        }

        void set(int k, Object value) {
            present[k >>> 6] |= 1L << k;
            if (longs != null) {
                longs[k] = value instanceof Boolean b ? (b ? 1 : 0) : (Long) value;
            } else {
                objects[k] = value;
            }
        }

        boolean has(int k) {
            return (present[k >>> 6] & (1L << k)) != 0;
        }

        void clear() {
            java.util.Arrays.fill(present, 0L);
            if (objects != null) {
                java.util.Arrays.fill(objects, null);
            }
        }
    }

    BulkLoader(Db db, String tableName, ProgressListener listener) {
        this.db = db;
        this.tableName = tableName;
        this.listener = listener;
    }

    /** The buffers of one chunk: ids and a column per field. */
    private static final class Chunk {
        final long[] ids = new long[BUFFER_RECORDS];
        final Column[] columns;

        Chunk(TableInfo table) {
            columns = new Column[table.fields().size()];
            int f = 0;
            for (FieldInfo field : table.fields().values()) {
                columns[f++] = new Column(field);
            }
        }
    }

    long load(Iterable<Record> records) {
        TableInfo table;
        try (Snapshot snapshot = db.read()) {
            table = snapshot.engine().catalog().table(tableName);
        }
        java.util.concurrent.ExecutorService committer = java.util.concurrent.Executors.newSingleThreadExecutor(
                runnable -> Thread.ofPlatform().daemon().name("big-bulk-load").unstarted(runnable));
        try {
            return load(records, table, committer);
        } finally {
            committer.shutdownNow();
        }
    }

    private java.util.concurrent.Future<?> inFlight;

    /** Hands {@code chunk} to the committer after the previous commit finished; rethrows its failure. */
    private void submit(java.util.concurrent.ExecutorService committer, TableInfo table, Chunk chunk, int count) {
        awaitInFlight();
        inFlight = committer.submit(() -> commitChunk(table, chunk.ids, count, chunk.columns));
    }

    private void awaitInFlight() {
        if (inFlight == null) {
            return;
        }
        try {
            inFlight.get();
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new dev.big.page.BigException("bulk load failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new dev.big.page.BigException("bulk load interrupted; " + loaded + " records were committed");
        } finally {
            inFlight = null;
        }
    }

    private long load(Iterable<Record> records, TableInfo table, java.util.concurrent.ExecutorService committer) {
        Chunk[] chunks = {new Chunk(table), new Chunk(table)};
        int current = 0;
        Column[] columns = chunks[current].columns;
        long[] ids = chunks[current].ids;
        long lastId = table.nextRecordId() - 1;
        int count = 0;
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
            boolean boundary = count > 0 && (id >>> Coords.CONTAINER_BITS) != (ids[count - 1] >>> Coords.CONTAINER_BITS);
            if ((count >= CHUNK_RECORDS && boundary) || count == BUFFER_RECORDS) {
                submit(committer, table, chunks[current], count);
                current = 1 - current;
                columns = chunks[current].columns;
                ids = chunks[current].ids;
                count = 0;
            }
            Map<String, Object> values = record.values();
            int matched = 0;
            long recordIndex = index;
            long recordId = id;
            for (Column column : columns) {
                Object raw = values.get(column.field.name());
                if (raw != null) {
                    matched++;
                    column.set(count, Values.normalize(table, column.field, raw, () -> "record " + recordIndex + " (id " + recordId + ")"));
                }
            }
            if (matched < values.size()) {
                Values.normalize(table, record, "record " + index + " (id " + id + ")");
            }
            ids[count++] = id;
            lastId = id;
            index++;
        }
        if (count > 0) {
            submit(committer, table, chunks[current], count);
        }
        awaitInFlight();
        return loaded;
    }

    private void commitChunk(TableInfo table, long[] ids, int count, Column[] columns) {
        try (WriteTxn txn = db.store().beginWrite()) {
            Catalog catalog = Catalog.of(txn);
            TableInfo current = catalog.table(table.name());
            RowBulkWriter rows = new RowBulkWriter(txn);
            Map<Integer, Dictionary> dictionaries = new HashMap<>();
            java.util.TreeSet<Long> shards = new java.util.TreeSet<>();
            int from = 0;
            while (from < count) {
                long unit = ids[from] >>> Coords.CONTAINER_BITS;
                int to = from + 1;
                while (to < count && ids[to] >>> Coords.CONTAINER_BITS == unit) {
                    to++;
                }
                writeColumn(txn, current, ids, columns, from, to, rows, dictionaries);
                shards.add(Coords.shard(ids[from]));
                from = to;
            }
            for (long shard : shards) {
                long fragment = current.existsFragment(shard);
                txn.setSummary(fragment, RecordCounts.encode(recordCount(txn, fragment)));
            }
            TableInfo updated = current.withNextRecordId(Math.max(current.nextRecordId(), ids[count - 1] + 1));
            txn.catalog().putBytes(CatalogCodec.tableKey(updated.tableId()), CatalogCodec.encodeTable(updated));
            for (var e : dictionaries.entrySet()) {
                FieldInfo field = fieldById(current, e.getKey()).withNextDictId(e.getValue().nextId());
                txn.catalog().putBytes(CatalogCodec.fieldKey(field.fieldId()), CatalogCodec.encodeField(field));
            }
            CommitStats stats = txn.commit();
            db.idsWritten(table.name(), ids[count - 1]);
            loaded += count;
            bytesWritten += stats.totalBytesWritten();
            listener.progress(loaded, bytesWritten);
        }
        for (Column column : columns) {
            column.clear();
        }
    }

    /** Writes records {@code [from, to)}, which share one container column of one shard. */
    private void writeColumn(WriteTxn txn, TableInfo table, long[] ids, Column[] columns,
                             int from, int to, RowBulkWriter rows, Map<Integer, Dictionary> dictionaries) {
        long shard = Coords.shard(ids[from]);
        int containerColumn = Coords.containerColumn(Coords.column(ids[from]));
        int n = to - from;
        char[] lows = new char[n];
        for (int k = 0; k < n; k++) {
            lows[k] = (char) Coords.low(Coords.column(ids[from + k]));
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
        char[] fieldLows = new char[n];
        long[] fieldValues = new long[n];
        for (Column column : columns) {
            if (!table.hasField(column.field.name())) {
                continue;
            }
            // The field as this commit's catalog has it: its dictionary counter moves every chunk.
            FieldInfo field = table.field(column.field.name());
            int m = 0;
            switch (field.type()) {
                case INT, TIMESTAMP -> {
                    for (int k = 0; k < n; k++) {
                        if (column.has(from + k)) {
                            fieldLows[m] = lows[k];
                            fieldValues[m++] = column.longs[from + k];
                        }
                    }
                    writeBsi(txn, field, shard, containerColumn, fieldLows, fieldValues, m);
                }
                case BOOL -> {
                    rows.begin(field.rowsFragment(shard), containerColumn);
                    for (int k = 0; k < n; k++) {
                        if (column.has(from + k)) {
                            rows.set(column.longs[from + k], lows[k]);
                        }
                    }
                    rows.end();
                }
                case KEYED -> {
                    Dictionary dictionary = dictionaries.computeIfAbsent(field.fieldId(), id -> new Dictionary(txn, field));
                    rows.begin(field.rowsFragment(shard), containerColumn);
                    for (int k = 0; k < n; k++) {
                        if (column.has(from + k)) {
                            long dictId = dictId(field, dictionary, (String) column.objects[from + k]);
                            rows.set(dictId, lows[k]);
                            fieldLows[m] = lows[k];
                            fieldValues[m++] = dictId;
                        }
                    }
                    rows.end();
                    writeBsi(txn, field, shard, containerColumn, fieldLows, fieldValues, m);
                }
                case SET -> {
                    Dictionary dictionary = dictionaries.computeIfAbsent(field.fieldId(), id -> new Dictionary(txn, field));
                    rows.begin(field.rowsFragment(shard), containerColumn);
                    for (int k = 0; k < n; k++) {
                        if (column.has(from + k)) {
                            @SuppressWarnings("unchecked")
                            Set<String> set = (Set<String>) column.objects[from + k];
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

    private static void writeBsi(WriteTxn txn, FieldInfo field, long shard, int containerColumn, char[] lows, long[] values, int count) {
        BsiBulkWriter writer = new BsiBulkWriter(txn, field.bsi());
        writer.addColumn(shard, containerColumn, lows, values, count);
        writer.flush();
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

    private static FieldInfo fieldById(TableInfo table, int fieldId) {
        for (FieldInfo field : table.fields().values()) {
            if (field.fieldId() == fieldId) {
                return field;
            }
        }
        throw new IllegalStateException("no field " + fieldId);
    }
}
