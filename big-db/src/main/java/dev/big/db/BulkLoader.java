package dev.big.db;

import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.CatalogCodec;
import dev.big.db.catalog.FieldCounters;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.db.field.ValueContext;
import dev.big.db.write.NewRecordWriter;
import dev.big.db.write.Values;
import dev.big.engine.CommitStats;
import dev.big.engine.WriteTxn;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import dev.big.engine.dict.SetIds;
import java.util.HashMap;
import java.util.Map;

/**
 * The bottom-up load: records arrive in id order, are checked value by value straight into column
 * buffers (one per field, no per-record maps), gathered a chunk at a time, and each container
 * column of the chunk is built in memory and OR-ed into its containers once. One commit per chunk,
 * so memory stays flat and a crash loses at most the chunk in flight.
 *
 * <p>A chunk ends at a container-column boundary once it holds {@link ChunkBudget#CHUNK_RECORDS}
 * records, or earlier when its buffers reach half of the byte budget ({@link ChunkBudget}): a wide
 * table, or one of long strings and large sets, commits smaller chunks instead of buffering more.
 *
 * <p>Two chunks alternate: while one is built and committed on a background thread, the caller's
 * thread checks records into the other, so both halves of the work run at once. Commits stay
 * strictly in order; the first failure stops the load and is rethrown to the caller.
 */
final class BulkLoader {

    private final Db db;
    private final String tableName;
    private final ProgressListener listener;
    private final long budgetBytes;
    private volatile long loaded;
    private volatile long bytesWritten;

    BulkLoader(Db db, String tableName, ProgressListener listener, long budgetBytes) {
        this.db = db;
        this.tableName = tableName;
        this.listener = listener;
        this.budgetBytes = budgetBytes;
    }

    /**
     * The buffers of one chunk: ids, and per field (in table order) each record's normalised value
     * or null, for {@link ChunkBudget#capacity()} records; and the bytes of the values held.
     */
    private static final class Chunk {
        final long[] ids;
        final FieldInfo[] fields;
        final Object[][] byField;
        long valueBytes;

        Chunk(FieldInfo[] fields, int capacity) {
            this.fields = fields;
            ids = new long[capacity];
            byField = new Object[fields.length][capacity];
        }
    }

    long load(Iterable<Row> records) {
        TableInfo table;
        try (Snapshot snapshot = db.read()) {
            table = snapshot.engine().catalog().table(tableName);
        }
        java.util.concurrent.ExecutorService committer = java.util.concurrent.Executors.newSingleThreadExecutor(
                runnable -> Thread.ofPlatform().daemon().name("big-bulk-load").unstarted(runnable));
        try {
            return load(records, table, committer);
        } catch (RuntimeException | Error failure) {
            // Let the chunk in flight finish (never interrupt a commit), so the records committed
            // are exactly those reported before this failure surfaces.
            try {
                awaitInFlight();
            } catch (RuntimeException alsoFailed) {
                failure.addSuppressed(alsoFailed);
            }
            throw failure;
        } finally {
            committer.shutdown();
        }
    }

    private java.util.concurrent.Future<?> inFlight;

    /** Hands {@code chunk} to the committer after the previous commit finished; rethrows its failure. */
    private void submit(java.util.concurrent.ExecutorService committer, TableInfo table, Chunk chunk, int count) {
        awaitInFlight();
        inFlight = committer.submit(() -> commitChunk(table, chunk, count));
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

    private long load(Iterable<Row> records, TableInfo table, java.util.concurrent.ExecutorService committer) {
        FieldInfo[] fields = table.fields().values().toArray(FieldInfo[]::new);
        ValueContext[] contexts = new ValueContext[fields.length];
        for (int f = 0; f < fields.length; f++) {
            contexts[f] = Values.context(table, fields[f]);
        }
        ChunkBudget budget = new ChunkBudget(fields.length, budgetBytes);
        Chunk[] chunks = {new Chunk(fields, budget.capacity()), new Chunk(fields, budget.capacity())};
        int current = 0;
        Chunk chunk = chunks[current];
        long[] ids = chunk.ids;
        long lastId = table.nextRecordId() - 1;
        int count = 0;
        long index = 0;
        for (Row record : records) {
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
                id = Math.max(lastId + 1, db.ids.reserve(tableName));
            }
            boolean boundary = count > 0 && (id >>> Coords.CONTAINER_BITS) != (ids[count - 1] >>> Coords.CONTAINER_BITS);
            if ((count >= ChunkBudget.CHUNK_RECORDS && boundary) || budget.isFull(count, chunk.valueBytes)) {
                submit(committer, table, chunk, count);
                current = 1 - current;
                chunk = chunks[current];
                ids = chunk.ids;
                count = 0;
                chunk.valueBytes = 0;
            }
            Map<String, Object> values = record.values();
            int matched = 0;
            long recordIndex = index;
            long recordId = id;
            for (int f = 0; f < fields.length; f++) {
                Object raw = values.get(fields[f].name());
                Object value = null;
                if (raw != null) {
                    matched++;
                    value = Values.normalize(contexts[f], raw, () -> "record " + recordIndex + " (id " + recordId + ")");
                    chunk.valueBytes += ChunkBudget.valueBytes(value);
                }
                chunk.byField[f][count] = value;
            }
            if (matched < values.size()) {
                Values.normalize(table, record, "record " + index + " (id " + id + ")");
            }
            ids[count++] = id;
            lastId = id;
            index++;
        }
        if (count > 0) {
            submit(committer, table, chunk, count);
        }
        awaitInFlight();
        return loaded;
    }

    private void commitChunk(TableInfo table, Chunk chunk, int count) {
        long[] ids = chunk.ids;
        try (WriteTxn txn = db.store().beginWrite()) {
            Catalog catalog = Catalog.of(txn);
            TableInfo current = catalog.table(table.name());
            if (!current.fields().keySet().equals(table.fields().keySet())) {
                throw new InvalidInputException("the fields of table '" + table.name() + "' changed during the bulk load; "
                        + loaded + " records were committed before the change");
            }
            Map<Integer, Dictionary> dictionaries = new HashMap<>();
            Map<Integer, SetIds> setIds = new HashMap<>();
            NewRecordWriter writer = new NewRecordWriter(txn, current,
                    field -> dictionaries.computeIfAbsent(field.fieldId(), id -> new Dictionary(txn, field.dict())),
                    field -> setIds.computeIfAbsent(field.fieldId(), id -> new SetIds(txn, field.dict())));
            NewRecordWriter.forEachColumn(ids, 0, count, (from, to) -> writer.writeColumn(ids, chunk.byField, from, to));
            writer.finish();
            writer.writeRecordCounts();
            for (SetIds sets : setIds.values()) {
                sets.flush();
            }
            TableInfo updated = current.withNextRecordId(Math.max(current.nextRecordId(), ids[count - 1] + 1));
            txn.catalog().putBytes(CatalogCodec.tableKey(updated.tableId()), CatalogCodec.encodeTable(updated));
            for (FieldInfo field : current.fields().values()) {
                FieldInfo counted = FieldCounters.updated(field, dictionaries.get(field.fieldId()), setIds.get(field.fieldId()));
                if (counted != field) {
                    txn.catalog().putBytes(CatalogCodec.fieldKey(field.fieldId()), CatalogCodec.encodeField(counted));
                }
            }
            CommitStats stats = txn.commit();
            db.ids.written(table.name(), ids[count - 1]);
            loaded += count;
            bytesWritten += stats.totalBytesWritten();
            listener.progress(loaded, bytesWritten);
        }
    }
}
