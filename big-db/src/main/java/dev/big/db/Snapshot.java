package dev.big.db;

import dev.big.db.catalog.FieldInfo;
import dev.big.db.query.EngineAccess;
import dev.big.db.query.QueryEngine;
import dev.big.engine.ReadTxn;
import dev.big.engine.Txn;
import dev.big.engine.bsi.ZoneMap;
import dev.big.page.DatabaseClosedException;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A consistent view of the database at one commit, for as long as it stays open, while writers
 * keep committing. Every query of a snapshot sees exactly that commit. Close it promptly
 * (try-with-resources): pages it can see are not reused while it is open.
 *
 * <p>A snapshot of an open {@link Transaction} ({@link Transaction#read()}) shows the commit the
 * transaction started from with the transaction's own writes; it has no {@link #commit()}, and
 * closing it leaves the transaction open.
 *
 * <p>Records are read by id through a {@link TableHandle} ({@link #tableHandle}), bound once to a
 * table and its fields; {@link #get}, {@link #values}, {@link #value} and {@link #exists} are
 * conveniences that find the handles by name on each call.
 *
 * <p>A snapshot belongs to one thread at a time, and so do its handles.
 */
public final class Snapshot implements AutoCloseable {

    static {
        EngineAccess.grant(Snapshot::engine);
    }

    private final Txn txn;
    /** The read transaction this snapshot closes, or null when it views a write transaction it does not own. */
    private final ReadTxn owned;
    /** The transaction whose writes this snapshot shows, or null for a snapshot of a commit. */
    private final Transaction transaction;
    private final QueryEngine engine;
    /** The handles {@link #tableHandle} gave out, by table name: the by-name reads go through them. */
    private final Map<String, TableHandle> handles = new HashMap<>();
    private boolean closed;

    Snapshot(ReadTxn txn) {
        this(txn, txn, null);
    }

    /** A view of an open transaction's state: closing it leaves the transaction open. */
    Snapshot(Txn txn, Transaction transaction) {
        this(txn, null, transaction);
    }

    private Snapshot(Txn txn, ReadTxn owned, Transaction transaction) {
        this.txn = txn;
        this.owned = owned;
        this.transaction = transaction;
        try {
            this.engine = new QueryEngine(txn);
        } catch (RuntimeException | Error e) {
            // The engine reads the catalog; when that fails, nobody else can close the transaction,
            // and an open one pins its commit's pages and makes Db.close() wait for it.
            if (owned != null) {
                owned.close();
            }
            throw e;
        }
    }

    /** The commit this snapshot shows. */
    public long txid() {
        return txn.baseTxid();
    }

    /** The commit this snapshot shows, as {@link Db#read(Commit)} takes it (in this process or another). */
    public Commit commit() {
        if (owned == null) {
            throw new IllegalStateException("a snapshot of an open transaction shows writes that are not committed;"
                    + " it has no commit to share");
        }
        return Commit.of(owned.commitState());
    }

    /** Reads {@code table} shard by shard and column by column, for scans that hand out whole batches of records. */
    public ShardScan scan(String table) {
        return new ShardScan(txn, engine.catalog().table(table));
    }

    /** The tables and their fields. */
    public List<TableDef> schema() {
        // Made once per committed state and shared by its snapshots: SQL binds every statement
        // against it, and building the definitions afresh cost a point read about 900 bytes.
        return txn.cached(new SchemaKey(), k -> engine.catalog().tables().values().stream().map(t -> t.def()).toList());
    }

    private record SchemaKey() {}

    /** The order indexes, table by table in schema order (a field's {@link FieldDef#orderIndex()} says it has one). */
    public List<IndexDef> indexes() {
        return engine.catalog().orderIndexes().stream()
                .map(i -> new IndexDef(i.field().orderIndexName(), i.table().name(), i.field().name())).toList();
    }

    /** The table named {@code name} (exactly), or an {@code InvalidInputException} naming the tables there are. */
    public TableDef table(String name) {
        for (TableDef table : schema()) {
            if (table.name().equals(name)) {
                return table;
            }
        }
        return engine.catalog().table(name).def(); // refuses the name, saying which tables there are
    }

    /**
     * Table {@code name} bound for reading records by id, or an {@code InvalidInputException}
     * naming the tables there are. Ask once and keep it as long as the snapshot: its {@link
     * FieldHandle}s read a field of a record with no name looked up and no value boxed. The same
     * handle each time for a name; usable until the snapshot closes (or, for a snapshot of a
     * transaction, until the transaction ends).
     */
    public TableHandle tableHandle(String name) {
        TableHandle handle = handles.get(name);
        if (handle == null) {
            ensureOpen();
            handle = new TableHandle(this, engine.records().table(name));
            handles.put(name, handle);
        }
        return handle;
    }

    /** The whole record {@code id} of {@code table}, or empty. */
    public Optional<Row> get(String table, long id) {
        return tableHandle(table).record(id);
    }

    /**
     * The values of {@code fields} of record {@code id} of {@code table}, in that order (each as
     * {@link #value} gives it, null where unset), or empty if the record does not exist. Cheaper
     * than the whole record when some fields are not needed, and than {@link #value} per field,
     * which checks the record exists each time.
     */
    public Optional<List<Object>> values(String table, long id, List<String> fields) {
        TableHandle handle = tableHandle(table);
        FieldHandle[] bound = new FieldHandle[fields.size()];
        for (int f = 0; f < bound.length; f++) {
            bound[f] = handle.field(fields.get(f));
        }
        Object[] values = new Object[bound.length];
        return handle.read(id, bound, values) ? Optional.of(Collections.unmodifiableList(Arrays.asList(values)))
                : Optional.empty();
    }

    /** Whether record {@code id} of {@code table} exists. */
    public boolean exists(String table, long id) {
        return tableHandle(table).exists(id);
    }

    /**
     * One field of a record: Long, Instant, BigDecimal, Boolean, String or Set of String; null when
     * absent. A caller reading many records keeps a {@link TableHandle} and its {@link FieldHandle}
     * instead, and reads numbers unboxed ({@link TableHandle#getLong}).
     */
    public Object value(String table, long id, String field) {
        TableHandle handle = tableHandle(table);
        return handle.get(id, handle.field(field));
    }

    /** The number of records of {@code table} matching {@code filter}. */
    public long count(String table, Filter filter) {
        return engine.count(table, filter);
    }

    /** How many records table {@code table} holds. */
    public long count(String table) {
        return engine.count(table, Filter.all());
    }

    /** count, sum, min, max (and avg) of an int or timestamp field over the matching records. */
    public Aggregate aggregate(String table, String field, Filter filter) {
        return engine.aggregate(table, field, filter);
    }

    /**
     * count and sum (and avg) of an int or timestamp field over the matching records: {@link
     * #aggregate} without the min and max, which under a filter cost about as much again.
     */
    public Sum sum(String table, String field, Filter filter) {
        return engine.sum(table, field, filter);
    }

    /** Record counts per value of a keyed field, largest first, at most {@code limit} (all if negative). */
    public List<GroupCount> groupCount(String table, String keyedField, Filter filter, int limit) {
        return engine.groupCount(table, keyedField, filter, limit);
    }

    /** The number of distinct values of a keyed field among the matching records. */
    public long countDistinct(String table, String keyedField, Filter filter) {
        return engine.countDistinct(table, keyedField, filter);
    }

    /** Per value of a keyed field: its record count and the aggregate of an int or timestamp field. */
    public List<GroupAggregate> groupAggregate(String table, String keyedField, String valueField, Filter filter) {
        return engine.groupAggregate(table, keyedField, valueField, filter);
    }

    /** Per value of a keyed field: its record count and the count and sum of an int or timestamp field ({@link #sum} per group). */
    public List<GroupSum> groupSum(String table, String keyedField, String valueField, Filter filter) {
        return engine.groupSum(table, keyedField, valueField, filter);
    }

    /**
     * Per unit of timestamp field {@code timeField} ({@code date_trunc(unit, timeField)}): the
     * matching records there and the aggregate of each of {@code valueFields} (int or timestamp
     * fields) among them, ascending by start, the records without a timestamp last. From the bit
     * planes, as SQL's {@code GROUP BY date_trunc(...)}: no record is read.
     */
    public List<TimeGroup> timeGroups(String table, String timeField, TimeTruncation unit, Filter filter, List<String> valueFields) {
        return engine.timeGroups(table, timeField, unit, filter, valueFields);
    }

    /**
     * Ids of matching records in {@code order}, at most {@code limit}, continuing after
     * {@code cursor} (exclusive: ids above it for ASC, below it for DESC) when not null: cursor
     * paging, newest-first or oldest-first.
     */
    public long[] ids(String table, Filter filter, Order order, int limit, Long cursor) {
        return engine.ids(table, filter, order, limit, cursor);
    }

    /** The zone map (count, min and max per container column) of an int or timestamp field in one shard. */
    public ZoneMap zoneMap(String table, String field, long shard) {
        return engine.zoneMap(table, field, shard);
    }

    /** Visits every matching id in ascending order. */
    public void forEachId(String table, Filter filter, java.util.function.LongConsumer consumer) {
        engine.forEachId(table, filter, consumer);
    }

    /** The shards of {@code table} that hold records, ascending, with how many each holds (kept with the data, no scan). */
    public List<Shard> shards(String table) {
        return engine.shards(engine.catalog().table(table)).stream().map(s -> new Shard(s[0], s[1])).toList();
    }

    /** One shard of a table: its number (ids {@code shard * 2^20} and up) and how many records it holds. */
    public record Shard(long shard, long records) {}

    /**
     * What the stored form of one field looks like, for plans and cost estimates: the base its
     * bit planes are offset by, how many distinct values its dictionary holds (keyed and set
     * fields), and how many distinct sets it has named (set fields that keep set ids; -1 for the
     * others).
     */
    public FieldStorage storage(String table, String field) {
        FieldInfo info = engine.catalog().table(table).field(field);
        return new FieldStorage(info.bsi().base(), info.nextDictId(), info.hasSetIds() ? info.nextSetId() - 1 : -1);
    }

    /** See {@link #storage}. */
    public record FieldStorage(long base, long dictionaryValues, long sets) {}

    /** The query engine, for the loaders of this package and the SQL layer (through {@link EngineAccess}). */
    QueryEngine engine() {
        return engine;
    }

    /**
     * Refuses use of a snapshot that is closed, or of a transaction's snapshot once the
     * transaction ended: its handles would read pages that may since have been reused.
     */
    void ensureOpen() {
        if (closed || (transaction != null && !transaction.isOpen())) {
            throw new DatabaseClosedException(closed ? "the snapshot of commit " + txn.baseTxid() + " these handles read"
                    : "the transaction these handles read (it was committed or rolled back)");
        }
    }

    @Override
    public void close() {
        closed = true;
        if (owned != null) {
            owned.close();
        }
    }
}
