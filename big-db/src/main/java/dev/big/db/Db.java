package dev.big.db;

import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.SchemaWriter;
import dev.big.db.catalog.TableInfo;
import dev.big.db.check.DbCheck;
import dev.big.db.sql.PreparedSql;
import dev.big.db.sql.SqlCursor;
import dev.big.db.sql.SqlEngine;
import dev.big.db.sql.SqlResult;
import dev.big.db.write.BatchWriter;
import dev.big.db.write.ValueNormalizer;
import dev.big.db.write.WriteOp;
import dev.big.engine.LockWait;
import dev.big.engine.PendingCommit;
import dev.big.engine.ReadTxn;
import dev.big.engine.Store;
import dev.big.engine.WriteTxn;
import dev.big.engine.coords.Coords;
import dev.big.page.WriteLockWaitException;
import dev.big.pager.MmapPager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A big database: one file of named tables of typed event records.
 *
 * <pre>{@code
 * try (Db db = Db.create(Path.of("events.big"))) {
 *     db.createTable(TableDef.of("events", FieldDef.intField("value"), FieldDef.keyed("type")));
 *     long id = db.append("events", Row.of("value", 42, "type", "click"));
 *     try (Snapshot s = db.read()) {
 *         long clicks = s.count("events", Filter.eq("type", "click"));
 *     }
 * }
 * }</pre>
 *
 * <p>Single-record writes ({@link #append}, {@link #put}, {@link #update}, {@link #delete}) are each
 * one transaction, durable when they return. For volume use {@link #ingest(int)} (one transaction per
 * batch) or {@link #bulkLoad}. Writers take turns (one write transaction at a time, each waiting
 * for the write lock at most {@link #lockTimeout()}); readers never wait. An id is given to one
 * writer only: appends take ids no other write holds, and a write at a given id is refused while
 * an append that has not committed holds it. Thread-safe.
 */
public final class Db implements AutoCloseable {

    /**
     * The largest record id: ids are 0 .. {@value}, one below the largest long, so the id after a
     * table's largest (its next id) always fits a long.
     */
    public static final long MAX_RECORD_ID = Coords.MAX_RECORD_ID;

    private final Store store;
    /** Who each record id belongs to: the ids appends take next and those they hold, per table. */
    final RecordIds ids = new RecordIds(table -> tableInfo(table).nextRecordId());
    /** Single writes committed together when several threads write at once. */
    private final CommitQueue commits = new CommitQueue(this);

    private Db(Store store) {
        this.store = store;
    }

    /** Creates a new, empty database file; fails if {@code path} exists. */
    public static Db create(Path path) {
        return new Db(Store.create(path));
    }

    /**
     * Creates a new database file with {@code tables}. If any table is refused (a repeated name, a
     * bad field), the file this call created is deleted again: a bad schema creates nothing.
     */
    public static Db create(Path path, List<TableDef> tables) {
        return withTables(create(path), path, tables);
    }

    /** {@code db}, just created at {@code path}, with {@code tables}; deleted again if one is refused. */
    private static Db withTables(Db db, Path path, List<TableDef> tables) {
        boolean success = false;
        try {
            for (TableDef table : tables) {
                db.createTable(table);
            }
            success = true;
            return db;
        } finally {
            if (!success) {
                db.close();
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    // The refusal is what the caller must hear; a file left behind holds only the tables before it.
                }
            }
        }
    }

    /** Opens an existing database for reading and writing (another process cannot write it meanwhile). */
    public static Db open(Path path) {
        return new Db(Store.open(path));
    }

    /** Opens an existing database read-only: no lock, no writes. */
    public static Db openReadOnly(Path path) {
        return new Db(Store.openReadOnly(path));
    }

    /**
     * What the file at {@code path} says about itself (size, pages, both meta slots), read without
     * opening it as a database: no lock, no writes, and it works on a file that would not open.
     */
    public static Inspection inspect(Path path) {
        return Inspection.of(path);
    }

    /**
     * Opens the file at {@code path} for writing, raises it to the file format this build writes
     * ({@link #migrate()}) and closes it. Refused with {@link dev.big.page.DatabaseLockedException}
     * while another handle or process has the file open for writing: migrate through that handle
     * instead, or once it is closed.
     */
    public static FormatMigration migrate(Path path) {
        try (Db db = open(path)) {
            return db.migrate();
        }
    }

    /** A database over an existing store (tests, tools). */
    public static Db of(Store store) {
        return new Db(store);
    }

    /** The store underneath, for tools (check, export) and tests. */
    public Store store() {
        return store;
    }

    // ------------------------------------------------------------------ schema

    /** The tables as of the latest commit. */
    public List<TableDef> schema() {
        try (Snapshot snapshot = read()) {
            return snapshot.schema();
        }
    }

    /** The order indexes as of the latest commit ({@link Snapshot#indexes()}). */
    public List<IndexDef> indexes() {
        try (Snapshot snapshot = read()) {
            return snapshot.indexes();
        }
    }

    /** Creates table {@code table} in its own commit; refuses a name already taken. */
    public void createTable(TableDef table) {
        schemaChange(writer -> writer.createTable(table));
    }

    /** Adds a field to an existing table; existing records have no value in it. */
    public void addField(String table, FieldDef field) {
        schemaChange(writer -> writer.addField(table, field));
    }

    /** Removes a field and frees every page it used. */
    public void dropField(String table, String field) {
        schemaChange(writer -> writer.dropField(table, field));
    }

    /**
     * Gives {@code field} of {@code table} an order index named {@code table_field_order} (see
     * {@link #createOrderIndex(String, String, String)}).
     */
    public void createOrderIndex(String table, String field) {
        schemaChange(writer -> writer.createOrderIndex(table, field, null));
    }

    /**
     * Gives {@code field} of {@code table}, an int, decimal or timestamp field, an order index
     * named {@code name}: a counted tree of its values that answers unfiltered range counts,
     * ranks and quantiles in a few page visits ({@link FieldDef#orderIndex()}). Built from the
     * field's values in one commit, under the write lock like any write; every write after keeps
     * it exact. Refuses a field that has one already (a field keeps one), a name another index has
     * (in any case), and a file whose format predates order indexes (run {@code big migrate}).
     */
    public void createOrderIndex(String table, String field, String name) {
        Names.check("index", name);
        schemaChange(writer -> writer.createOrderIndex(table, field, name));
    }

    /** Drops the order index of {@code field} of {@code table}, freeing its pages; the values stay. */
    public void dropOrderIndex(String table, String field) {
        schemaChange(writer -> writer.dropOrderIndex(table, field));
    }

    /** Removes a table, its records and all their pages. */
    public void dropTable(String table) {
        schemaChange(writer -> writer.dropTable(table));
        ids.forget(table);
    }

    private void schemaChange(Consumer<SchemaWriter> change) {
        try (WriteTxn txn = store.beginWrite()) {
            SchemaWriter writer = new SchemaWriter(txn, Catalog.of(txn));
            change.accept(writer);
            txn.commit();
        }
    }

    // ------------------------------------------------------------------ writes

    /** Appends a record with the table's next id (durable on return); returns the id. */
    public long append(String table, Row record) {
        Map<String, Object> values = ValueNormalizer.normalize(tableInfo(table), record, "appended record");
        RecordIds.Grants grants = new RecordIds.Grants();
        long id = ids.reserve(table, 1, grants);
        commit(List.of(new WriteOp.Insert(table, id, values)), grants);
        return id;
    }

    /**
     * Writes a whole record at {@code id}, replacing any record there (durable on return). Refused
     * while an append of this database that has not committed yet holds {@code id}.
     */
    public void put(String table, long id, Row record) {
        RecordIds.Grants grants = new RecordIds.Grants();
        commit(List.of(putOp(table, id, record, grants)), grants);
    }

    /** Changes one field of an existing record; null clears it (durable on return). */
    public void update(String table, long id, String field, Object value) {
        commit(List.of(patchOp(table, id, field, value)), new RecordIds.Grants());
    }

    /**
     * Removes record {@code id} from every field (durable on return); false when the table had no
     * record {@code id}, which leaves the file as it was but still commits.
     */
    public boolean delete(String table, long id) {
        Applied applied = apply(List.of(deleteOp(table, id)));
        applied.pending().await();
        return applied.deleted() > 0;
    }

    /** The checked values of {@code record} for a write of {@code table}. */
    Map<String, Object> values(String table, Row record, java.util.function.Supplier<String> where) {
        return ValueNormalizer.normalize(tableInfo(table), record, where);
    }

    /** A put of {@code record} at {@code id}, checked, its id claimed into {@code grants} ({@link RecordIds#claim}). */
    WriteOp.Put putOp(String table, long id, Row record, RecordIds.Grants grants) {
        return putOp(tableInfo(table), id, record, grants);
    }

    /** {@link #putOp(String, long, Row, RecordIds.Grants)} of a table already bound. */
    WriteOp.Put putOp(TableInfo table, long id, Row record, RecordIds.Grants grants) {
        RecordIds.checkId(id);
        Map<String, Object> values = ValueNormalizer.normalize(table, record, () -> "record " + id);
        ids.claim(table.name(), id, grants);
        return new WriteOp.Put(table.name(), id, values);
    }

    WriteOp.Patch patchOp(String table, long id, String field, Object value) {
        RecordIds.checkId(id);
        TableInfo info = tableInfo(table);
        return new WriteOp.Patch(table, id, field, ValueNormalizer.normalize(info, info.field(field), value, () -> "record " + id));
    }

    WriteOp.Delete deleteOp(String table, long id) {
        RecordIds.checkId(id);
        tableInfo(table);
        return new WriteOp.Delete(table, id);
    }

    /**
     * Commits one batch of changes as one transaction, durable on return; rolled back whole on any
     * error. The ids of {@code grants} land with it, or are given back if it fails.
     */
    void commit(List<WriteOp> ops, RecordIds.Grants grants) {
        commits.commit(ops, grants);
    }

    /** Applies the writes of several single commits as one transaction ({@link CommitQueue}); the caller lands their ids. */
    PendingCommit applyBatch(List<WriteOp> ops) {
        return apply(ops).pending();
    }

    /**
     * Applies {@code ops} as one transaction and returns once its pages are written, while the
     * store makes it durable: the next batch can be applied meanwhile. Durable (and visible) once
     * the returned commit's {@code await()} returns. The ids of {@code grants} land once its pages
     * are the tip (an explicit write after it sees its records), or go back if it fails.
     */
    PendingCommit commitPipelined(List<WriteOp> ops, RecordIds.Grants grants) {
        PendingCommit pending;
        try {
            pending = apply(ops).pending();
        } catch (RuntimeException | Error e) {
            ids.giveBack(grants);
            throw e;
        }
        ids.landed(grants);
        return pending;
    }

    /** A batch applied and on its way to disk, and how many records its deletes removed. */
    private record Applied(PendingCommit pending, long deleted) {}

    private Applied apply(List<WriteOp> ops) {
        try (WriteTxn txn = store.beginWrite()) {
            BatchWriter writer = new BatchWriter(txn, Catalog.of(txn));
            writer.apply(ops);
            writer.finish();
            return new Applied(txn.commitPipelined(), writer.deleted());
        }
    }

    private record CatalogAt(long txid, Catalog catalog) {}

    /** The schema of the latest commit, kept between writes so checking a record opens no transaction. */
    private volatile CatalogAt catalogAt = new CatalogAt(-1, null);

    TableInfo tableInfo(String table) {
        CatalogAt known = catalogAt;
        long txid = store.txid();
        if (known.txid() != txid) {
            try (ReadTxn txn = store.beginRead()) {
                known = new CatalogAt(txn.baseTxid(), Catalog.of(txn));
            }
            catalogAt = known;
        }
        return known.catalog().table(table);
    }

    /**
     * An ingester that commits one transaction per {@code capacity} buffered records.
     */
    public Ingester ingest(int capacity) {
        return ingest(capacity, ProgressListener.NONE);
    }

    /** {@link #ingest(int)}, reporting each committed batch to {@code listener}. */
    public Ingester ingest(int capacity, ProgressListener listener) {
        if (capacity < 1) {
            throw new IllegalArgumentException("ingest capacity must be at least 1, got " + capacity);
        }
        return new BatchIngester(this, capacity, listener);
    }

    /**
     * What {@link #bulkLoad} buffers at most, by default: 64 MiB for the records being checked and
     * the chunk being committed together.
     */
    public static final long DEFAULT_BULK_LOAD_BUFFER_BYTES = 64L << 20;

    /**
     * Loads many records into {@code table} fast, one commit per chunk of records: a chunk's
     * records are checked into column buffers, then each container column's bits are built in
     * memory and OR-ed into its containers once, while the next chunk is being checked. So memory
     * stays flat however many records there are and however wide the table is. A chunk ends at
     * the first container-column boundary (a multiple of 65,536 ids) after it holds 65,536
     * records, so it holds 65,536 to 131,071 records (one column when ids are dense and start on
     * a boundary); it ends sooner when its buffers reach half of
     * {@link #DEFAULT_BULK_LOAD_BUFFER_BYTES} (a table of 1,024 int fields commits about 1,300
     * records at a time) and at the end of the input. Each chunk commits whole or not at all.
     * Records without an id get the table's next ids; records with ids must come in ascending
     * order, above every id the table already has. Returns the number of records loaded.
     */
    public long bulkLoad(String table, Iterable<Row> records) {
        return bulkLoad(table, records, ProgressListener.NONE);
    }

    /** {@link #bulkLoad(String, Iterable)}, telling {@code listener} after each chunk commits. */
    public long bulkLoad(String table, Iterable<Row> records, ProgressListener listener) {
        return bulkLoad(table, records, listener, DEFAULT_BULK_LOAD_BUFFER_BYTES);
    }

    /**
     * {@link #bulkLoad(String, Iterable, ProgressListener)} with a buffer budget of
     * {@code bufferBytes} instead of the default: a larger budget lets a wide table commit larger
     * chunks (fewer rewrites of each container), a smaller one caps the heap a load takes. The
     * budget covers the records buffered, not the pages a chunk's commit builds.
     */
    public long bulkLoad(String table, Iterable<Row> records, ProgressListener listener, long bufferBytes) {
        return BulkLoad.loadAll(this, table, records, listener, bufferBytes);
    }

    /**
     * A bulk load fed a record at a time ({@link BulkLoad}): what {@link #bulkLoad(String, Iterable)}
     * does, for a reader that sets each record's fields by index as it parses them, with no {@link Row}
     * per record. Close it to commit what was added.
     */
    public BulkLoad bulkLoad(String table) {
        return bulkLoad(table, ProgressListener.NONE, DEFAULT_BULK_LOAD_BUFFER_BYTES);
    }

    /** {@link #bulkLoad(String)}, telling {@code listener} after each chunk commits, buffering at most {@code bufferBytes}. */
    public BulkLoad bulkLoad(String table, ProgressListener listener, long bufferBytes) {
        return new BulkLoad(this, table, listener, bufferBytes);
    }

    /**
     * Begins a write transaction of many changes, committed all or nothing ({@link Transaction}).
     * Waits while another write transaction is open, at most {@link #lockTimeout()} (then
     * {@link WriteLockWaitException} names what holds the lock); holds the write lock until it
     * commits or rolls back, on whichever thread, so close it promptly (try-with-resources rolls
     * back what was not committed).
     */
    public Transaction begin() {
        return new Transaction(this, store.beginWrite());
    }

    /**
     * {@link #begin()}, waiting for the write lock as {@code wait} allows: at most its timeout,
     * and not past its {@link LockWait#cancel()} (what a JDBC statement's timeout and cancel use).
     */
    public Transaction begin(LockWait wait) {
        return new Transaction(this, store.beginWrite(wait));
    }

    /**
     * Sets how long a write of this handle waits for the write lock while another transaction of
     * it holds the lock ({@link Store#DEFAULT_LOCK_TIMEOUT} unless set): then it gives up with
     * {@link WriteLockWaitException}, which names what holds the lock. Every write waits this way:
     * single-record writes, {@link #begin()}, the batches of ingest and the chunks of bulk loads.
     * A waiting thread that is interrupted gives up at once.
     */
    public void setLockTimeout(java.time.Duration timeout) {
        store.setLockTimeout(timeout);
    }

    /** How long a write waits for the write lock ({@link #setLockTimeout}). */
    public java.time.Duration lockTimeout() {
        return store.lockTimeout();
    }

    // ------------------------------------------------------------------ file format

    /**
     * The file format version of the latest commit (docs/versioning.md). A file keeps the version
     * it was created in: opening and writing a file of an older version this build reads leaves it
     * in that version, so the build that wrote it can still open it, until {@link #migrate()}.
     */
    public int formatVersion() {
        return store.formatVersion();
    }

    /**
     * Raises the file to the format version this build writes ({@link Inspection#FORMAT_VERSION_CURRENT})
     * with one commit: each version after the first only adds structures a file may hold (version 2:
     * order indexes; version 3: the row counts of rows fragments, which the commit counts from their
     * cells and writes beside their roots), so no data is rewritten. A file of
     * the current version is left as it is, without a commit. Waits for the write lock as every
     * write does. Afterwards builds that read only older versions refuse the file.
     */
    public FormatMigration migrate() {
        WriteTxn txn = store.beginWrite();
        try {
            int from = txn.formatVersion();
            if (from == Inspection.FORMAT_VERSION_CURRENT) {
                return new FormatMigration(from, from);
            }
            txn.raiseFormatVersion(Inspection.FORMAT_VERSION_CURRENT);
            txn.commit();
            return new FormatMigration(from, Inspection.FORMAT_VERSION_CURRENT);
        } finally {
            txn.close();
        }
    }

    // ------------------------------------------------------------------ reads

    /** A snapshot of the latest commit; close it when done. */
    public Snapshot read() {
        return new Snapshot(store.beginRead());
    }

    /**
     * A snapshot of commit {@code commit} of this file (from {@link Snapshot#commit()} of a snapshot
     * of this file, in this process or another), which must still be open while this one starts:
     * how the readers of one query, on many threads or machines, all read the same commit while
     * writers go on committing. Close it when done.
     */
    public Snapshot read(Commit commit) {
        return new Snapshot(store.beginRead(commit.state()));
    }

    /**
     * Runs one statement of the supported SQL subset (see docs/sql.md): a query on a snapshot of
     * the latest commit ({@code EXPLAIN <query>} returns the plan), an INSERT, UPDATE or DELETE
     * as one transaction, durable when it returns, answering the count of records it wrote, or a
     * {@code COPY (query) TO 'file'}, which writes the query's answer to a CSV, JSON Lines or
     * Parquet file and answers the count of rows it wrote. Statements are prepared once by text
     * ({@link #prepare}) and cached, so a statement run again costs no lexing or parsing.
     */
    public SqlResult sql(String sql) {
        return sql(SqlEngine.prepared(sql));
    }

    /**
     * Runs one statement whose {@code ?} stand for {@code parameters}, in order, bound by type
     * (Long, BigDecimal, String, Boolean, Instant, a collection of strings for a set, or null; see
     * docs/sql.md, "Parameters"). A wrong count of values or one that does not suit its column is
     * refused with {@link InvalidInputException}.
     */
    public SqlResult sql(String sql, Object... parameters) {
        return sql(SqlEngine.prepared(sql), parameters);
    }

    /**
     * Prepares {@code sql} to run many times ({@link PreparedSql}): classified and lexed once, and
     * compiled once per kinds of values bound to its {@code ?}; run it with
     * {@link #sql(PreparedSql, Object...)} or {@link #query(PreparedSql, Object...)}. Refuses
     * malformed SQL now (and, without {@code ?}, SQL outside big's subset).
     */
    public PreparedSql prepare(String sql) {
        return SqlEngine.prepared(sql);
    }

    /**
     * Runs a prepared statement as {@link #sql(String, Object...)} runs its text: a query on a
     * snapshot of the latest commit, a write as one transaction (durable when it returns, waiting
     * for the write lock at most {@link #lockTimeout()}), a COPY writing its file.
     */
    public SqlResult sql(PreparedSql statement, Object... parameters) {
        List<Object> values = java.util.Arrays.asList(parameters);
        if (statement.kind() == PreparedSql.Kind.WRITE) {
            try (Transaction transaction = begin()) {
                SqlResult result = statement.execute(transaction, values);
                transaction.commit();
                return result;
            }
        }
        try (Snapshot snapshot = read()) {
            return statement.execute(snapshot, values);
        }
    }

    /**
     * Runs one query (as {@link #sql(String, Object...)}) on a snapshot of the latest commit and
     * returns a cursor that reads its answer as it goes: a listing of millions of records runs in
     * bounded memory. The cursor holds the snapshot until it is closed; close it promptly.
     */
    public SqlCursor query(String sql, Object... parameters) {
        return query(SqlEngine.prepared(sql), parameters);
    }

    /** {@link #query(String, Object...)} of a prepared statement. */
    public SqlCursor query(PreparedSql statement, Object... parameters) {
        if (statement.kind() == PreparedSql.Kind.WRITE) {
            return SqlCursor.of(sql(statement, parameters));
        }
        Snapshot snapshot = read();
        try {
            return statement.open(snapshot, java.util.Arrays.asList(parameters)).closing(snapshot);
        } catch (RuntimeException | Error e) {
            snapshot.close();
            throw e;
        }
    }

    /** What the last commit wrote, totals since open, and the file's size. */
    public Metrics metrics() {
        long[] fragments = new long[1];
        try (ReadTxn txn = store.beginRead()) {
            txn.forEachFragment(0, -1L, (key, summary) -> {
                fragments[0]++;
                return true;
            });
        }
        long fileSize = store.pager() instanceof MmapPager mmap ? mmap.fileSizeBytes()
                : store.pageCount() * dev.big.page.PageFormat.PAGE_SIZE_BYTES;
        return new Metrics(store.lastCommit(), store.countsSinceOpen(), fragments[0], store.pageCount(),
                store.freePages(), fileSize);
    }

    /**
     * Verifies every page and the page-accounting invariant ({@link Store#check()}), and that what
     * queries answer from without reading data agrees with the data: separators, zone maps,
     * record counts, dictionaries, the catalog's id counters (see {@link DbCheck}). Lists every
     * problem found; never stops at the first.
     */
    public CheckReport check() {
        return DbCheck.check(store);
    }

    @Override
    public void close() {
        store.close();
    }
}
