package dev.big.db;

import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.CatalogCodec;
import dev.big.db.catalog.FieldCounters;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.db.write.NewRecordWriter;
import dev.big.db.write.RecordColumns;
import dev.big.engine.CommitStats;
import dev.big.engine.WriteTxn;
import dev.big.engine.dict.Dictionary;
import dev.big.engine.dict.SetIds;
import dev.big.page.BigException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The commits of a bulk load's chunks ({@link BulkLoad}): each chunk is one write transaction, run on
 * a background thread while the caller fills the next chunk, one at a time and strictly in order.
 * Per container column of the chunk, every row's (or plane's) bits are built in memory and OR-ed
 * into the container once ({@link NewRecordWriter}). The first failure is kept and rethrown to
 * every later call; a commit in flight is never interrupted.
 */
final class ChunkCommits {

    private final Db db;
    private final TableInfo table;
    private final ProgressListener listener;
    private final ExecutorService committer = Executors.newSingleThreadExecutor(
            runnable -> Thread.ofPlatform().daemon().name("big-bulk-load").unstarted(runnable));
    private Future<?> inFlight;
    private RuntimeException failure;
    private volatile long loaded;
    private volatile long bytesWritten;

    /** Commits of records into {@code table} (as the load started on it), reporting each to {@code listener}. */
    ChunkCommits(Db db, TableInfo table, ProgressListener listener) {
        this.db = db;
        this.table = table;
        this.listener = listener;
    }

    /**
     * Commits records {@code ids[0, count)} whose values {@code columns} holds, on the background
     * thread, once the previous commit finished (rethrowing its failure); the ids of
     * {@code grants} land with it (a failed commit leaves them for the load to give back). The
     * caller must not touch the arrays or the grants until the next call.
     */
    void submit(RecordColumns columns, long[] ids, int count, RecordIds.Grants grants) {
        await();
        inFlight = committer.submit(() -> commit(columns, ids, count, grants));
    }

    /**
     * Waits for the commit in flight; rethrows the first failure of any commit. An interrupt of the
     * waiting thread ends the load, but only once the commit in flight is over (it is never cut
     * short, so what was committed is known); the interrupt status is kept.
     */
    void await() {
        if (failure != null) {
            throw failure;
        }
        if (inFlight == null) {
            return;
        }
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    inFlight.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            failure = e.getCause() instanceof RuntimeException runtime ? runtime
                    : new BigException("bulk load failed: " + e.getCause(), e.getCause());
            throw failure;
        } finally {
            inFlight = null;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        if (interrupted) {
            failure = new BigException("bulk load interrupted; " + loaded + " records were committed");
            throw failure;
        }
    }

    /** The failure that ended the load, or null. */
    RuntimeException failure() {
        return failure;
    }

    /** Records committed so far. */
    long loaded() {
        return loaded;
    }

    /** Lets the background thread end once the commit in flight (if any) is done. */
    void shutdown() {
        committer.shutdown();
    }

    private void commit(RecordColumns columns, long[] ids, int count, RecordIds.Grants grants) {
        try (WriteTxn txn = db.store().beginWrite()) {
            txn.commitToPages(); // a bulk load's chunk is built for the pages: through the write log it would be written twice
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
            NewRecordWriter.forEachColumn(ids, 0, count, (from, to) -> writer.writeColumn(ids, columns, from, to));
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
            db.ids.landed(grants);
            loaded += count;
            bytesWritten += stats.totalBytesWritten();
            listener.progress(loaded, bytesWritten);
        }
    }
}
