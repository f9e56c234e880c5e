package dev.big.db;

import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.db.field.ScalarKind;
import dev.big.db.field.ValueContext;
import dev.big.db.write.RecordColumns;
import dev.big.db.write.ValueNormalizer;
import dev.big.engine.coords.Coords;
import java.util.HashMap;
import java.util.Map;

/**
 * A bulk load fed a record at a time ({@link Db#bulkLoad(String)}), the way a reader of a file
 * hands over what it parses: set the fields of a record by index, then {@link #add()} it. No
 * {@link Row} or map per record, and numbers are never boxed, so a load of millions of records
 * spends its time on the data.
 *
 * <pre>{@code
 * try (BulkLoad load = db.bulkLoad("events")) {
 *     int type = load.field("type");
 *     int value = load.field("value");
 *     for (Event e : events) {
 *         load.set(type, e.type()).set(value, e.value()).add();
 *     }
 * }   // commits what is left; load.loaded() says how many records are in
 * }</pre>
 *
 * <p>Records are checked value by value into typed column buffers, gathered a chunk at a time, and
 * each container column of the chunk is built in memory and OR-ed into its containers once. One
 * commit per chunk, so memory stays flat and a crash loses at most the chunk in flight. A chunk
 * ends at a container-column boundary once it holds {@link ChunkBudget#CHUNK_RECORDS} records (four
 * container columns; fewer when the byte budget cannot hold that many), or earlier when its
 * buffers reach half of the byte budget ({@link ChunkBudget}). Two chunks alternate: while one is
 * built and committed on a background thread ({@link ChunkCommits}), the caller's thread fills the
 * other. Commits stay strictly in order.
 *
 * <p>A value a field refuses (wrong type, out of bounds) throws {@link InvalidInputException}
 * naming table, field and record, and drops the record being set: the load goes on with the next.
 * A failed commit ends the load: it is rethrown by the next call, and nothing after the last
 * commit reported to the {@link ProgressListener} is written. {@link #close()} commits the records
 * added and waits; {@link #abort()} drops the records not yet committed instead. One thread uses a
 * load at a time; it takes the database's write lock for each commit only, so other writers can
 * commit between chunks.
 */
public final class BulkLoad implements AutoCloseable {

    private final Db db;
    private final TableInfo table;
    private final FieldInfo[] fields;
    private final ValueContext[] contexts;
    private final Map<String, Integer> fieldIndex = new HashMap<>();
    /**
     * Per field, the numbers {@link #set(int, long)} stores as they are: an int's or a timestamp's
     * bounds; an empty range for other kinds (a decimal scales its numbers).
     */
    private final long[] lowest;
    private final long[] highest;
    private final ChunkBudget budget;
    private final RecordColumns[] chunks;
    private final long[][] chunkIds;
    /** Per chunk, the ids its appends hold and its ids claimed: they land with its commit, or go back at the end. */
    private final RecordIds.Grants[] chunkGrants = {new RecordIds.Grants(this), new RecordIds.Grants(this)};
    private final ChunkCommits commits;
    /** The chunk being filled (0 or 1), its columns, ids and records. */
    private int current;
    private RecordColumns chunk;
    private long[] ids;
    private int count;
    private long valueBytes;
    /** The bytes of the record being built's values, counted in {@code valueBytes}. */
    private long recordBytes;
    /** The last id added, or below the table's ids. */
    private long lastId;
    /** The records added so far, which messages number from 0. */
    private long index;
    /** The id set for the record being built, or -1. */
    private long recordId = -1;
    /** Whether the record being built set a field (its positions are written as it goes). */
    private boolean started;
    private boolean[] setThisRecord;
    private boolean closed;

    BulkLoad(Db db, String tableName, ProgressListener listener, long budgetBytes) {
        this.db = db;
        try (Snapshot snapshot = db.read()) {
            this.table = snapshot.engine().catalog().table(tableName);
        }
        this.fields = table.fields().values().toArray(FieldInfo[]::new);
        this.contexts = new ValueContext[fields.length];
        this.lowest = new long[fields.length];
        this.highest = new long[fields.length];
        for (int f = 0; f < fields.length; f++) {
            contexts[f] = ValueNormalizer.context(table, fields[f]);
            fieldIndex.put(fields[f].name(), f);
            boolean asGiven = fields[f].kind() instanceof ScalarKind scalar && scalar.storesNumbersAsGiven();
            lowest[f] = asGiven ? ScalarKind.lowest(fields[f]) : 0;
            highest[f] = asGiven ? ScalarKind.highest(fields[f]) : -1;
        }
        this.budget = new ChunkBudget(fields.length, budgetBytes);
        this.chunks = new RecordColumns[] {new RecordColumns(fields, budget.capacity()), new RecordColumns(fields, budget.capacity())};
        this.chunkIds = new long[][] {new long[budget.capacity()], new long[budget.capacity()]};
        this.chunk = chunks[0];
        this.ids = chunkIds[0];
        this.setThisRecord = new boolean[fields.length];
        this.lastId = table.nextRecordId() - 1;
        this.commits = new ChunkCommits(db, table, listener);
    }

    /** The index of field {@code name}, for the setters; refuses a name the table lacks, listing its fields. */
    public int field(String name) {
        Integer f = fieldIndex.get(name);
        if (f == null) {
            if (name.equals("id")) {
                throw new InvalidInputException("table '" + table.name() + "': 'id' is the record id, not a field; set it with"
                        + " BulkLoad.id");
            }
            throw new InvalidInputException("table '" + table.name() + "' has no field '" + name + "' (its fields: "
                    + String.join(", ", table.fields().keySet()) + ")");
        }
        return f;
    }

    /**
     * Gives the record being built id {@code id}: ids must ascend, above every id the table has;
     * a record without one gets the table's next id. The id is claimed when the record is added
     * ({@link Db#put}): {@link #add()} refuses it while an append of this database that has not
     * committed holds it, and no append is given it afterwards.
     */
    public BulkLoad id(long id) {
        begin();
        try {
            RecordIds.checkId(id);
            if (id <= lastId) {
                throw new InvalidInputException("bulk load of table '" + table.name() + "': record " + index + " has id "
                        + id + ", but ids must ascend and exceed every id the table has (" + lastId
                        + "); use ingest() to write among existing records");
            }
        } catch (InvalidInputException e) {
            throw dropRecord(e);
        }
        recordId = id;
        return this;
    }

    /**
     * Sets field {@code field} of the record being built to the number {@code value}: an int, a
     * timestamp in epoch milliseconds, or a decimal's number (not its scaled digits).
     */
    public BulkLoad set(int field, long value) {
        begin(field);
        if (value >= lowest[field] && value <= highest[field]) {
            // An int or timestamp within its bounds: stored as it is (the check below, unrolled).
            ((RecordColumns.Numbers) chunk.column(field)).set(count, value);
            setThisRecord[field] = true;
            return this;
        }
        if (contexts[field].kind() instanceof ScalarKind scalar) {
            long stored;
            try {
                stored = ValueNormalizer.normalize(contexts[field], scalar, value, this::where);
            } catch (InvalidInputException e) {
                throw dropRecord(e);
            }
            ((RecordColumns.Numbers) chunk.column(field)).set(count, stored);
            setThisRecord[field] = true;
            return this;
        }
        return set(field, (Object) value);
    }

    /** Sets bool field {@code field} of the record being built. */
    public BulkLoad set(int field, boolean value) {
        begin(field);
        if (chunk.column(field) instanceof RecordColumns.Bools bools) {
            bools.set(count, value);
            setThisRecord[field] = true;
            return this;
        }
        return set(field, (Object) value);
    }

    /** Sets keyed field {@code field} of the record being built to {@code value} (null: no value). */
    public BulkLoad set(int field, String value) {
        begin(field);
        if (value == null || !(chunk.column(field) instanceof RecordColumns.Texts texts)) {
            return set(field, (Object) value);
        }
        try {
            ValueNormalizer.normalize(contexts[field], value, this::where); // checks the text, returns it
        } catch (InvalidInputException e) {
            throw dropRecord(e);
        }
        texts.set(count, value);
        long bytes = ChunkBudget.stringBytes(value);
        valueBytes += bytes;
        recordBytes += bytes;
        setThisRecord[field] = true;
        return this;
    }

    /**
     * Sets field {@code field} of the record being built to {@code value}, which any field takes
     * that {@link Row} would take it for: a number, an {@code Instant}, a boolean, a string, a
     * collection of strings. Null leaves the field without a value.
     */
    public BulkLoad set(int field, Object value) {
        begin(field);
        Object normalized;
        try {
            normalized = ValueNormalizer.normalize(contexts[field], value, this::where);
        } catch (InvalidInputException e) {
            throw dropRecord(e);
        }
        chunk.column(field).put(count, normalized);
        long bytes = ChunkBudget.valueBytes(normalized);
        valueBytes += bytes;
        recordBytes += bytes;
        setThisRecord[field] = normalized != null;
        return this;
    }

    /** {@link #set(int, Object)} by field name. */
    public BulkLoad set(String field, Object value) {
        return set(field(field), value);
    }

    /**
     * Adds the record built by the setters since the last {@code add} (fields not set have no
     * value), committing the chunk before it if the chunk is full. Returns its id.
     */
    public long add() {
        checkOpen();
        if (count > 0 && chunkEnds()) {
            // The record's values were set in this chunk's next position: move them to the new chunk.
            int position = count;
            RecordColumns full = chunk;
            submit();
            for (int f = 0; f < fields.length; f++) {
                chunk.column(f).put(0, setThisRecord[f] ? full.column(f).value(position) : null);
            }
            valueBytes = recordBytes;
        }
        long id = recordId;
        try {
            if (id >= 0) {
                db.ids.claim(table.name(), id, chunkGrants[current]);
            } else {
                id = db.ids.reserve(table.name(), 1, chunkGrants[current]);
            }
        } catch (InvalidInputException e) {
            throw dropRecord(e);
        }
        if (recordId < 0 && id <= lastId) { // every id this load claimed moved the next id past it
            throw new IllegalStateException("bulk load of table '" + table.name() + "' was given id " + id + " after id "
                    + lastId);
        }
        for (int f = 0; f < fields.length; f++) {
            if (!setThisRecord[f]) {
                chunk.column(f).clear(count);
            }
            setThisRecord[f] = false;
        }
        ids[count++] = id;
        lastId = id;
        index++;
        recordId = -1;
        recordBytes = 0;
        started = false;
        return id;
    }

    /** Sets the fields of {@code record} (and its id, if it has one) and adds it. */
    public long add(Row record) {
        begin();
        if (record.id().isPresent()) {
            id(record.id().getAsLong());
        }
        for (Map.Entry<String, Object> e : record.values().entrySet()) {
            Integer f = fieldIndex.get(e.getKey());
            if (f == null) {
                dropRecord(null);
                ValueNormalizer.normalize(table, record, where()); // refuses the unknown field by name
                throw new IllegalStateException("field '" + e.getKey() + "' was not refused");
            }
            set(f, e.getValue());
        }
        return add();
    }

    /** Drops the record being built: the values set since the last {@link #add()} (a reader found the rest of it bad). */
    public void discard() {
        checkOpen();
        dropRecord(null);
    }

    /** Records committed so far. */
    public long loaded() {
        return commits.loaded();
    }

    /**
     * Commits the records added and not yet committed, waits for every commit, and ends the load;
     * a record being built (set but not added) is dropped. Rethrows a failed commit.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        try {
            checkOpen();
            if (count > 0) {
                submit();
            }
            commits.await();
        } finally {
            end();
        }
    }

    /**
     * Ends the load without committing the records not yet committed; waits for a commit in flight
     * (never interrupting one), so {@link #loaded()} is final when it returns.
     */
    public void abort() {
        if (closed) {
            return;
        }
        try {
            commits.await();
        } catch (RuntimeException ignored) {
            // The failure was the load's end already; aborting reports nothing more.
        } finally {
            end();
        }
    }

    /**
     * Ends the load once no commit is in flight: the ids of the chunks not committed (the one
     * being filled, and one whose commit failed) go back, the newest first, so that appends take
     * them again when nobody took ids after them.
     */
    private void end() {
        closed = true;
        commits.shutdown();
        db.ids.giveBack(chunkGrants[current]);
        db.ids.giveBack(chunkGrants[1 - current]);
    }

    /** {@link #begin()} for a setter of field index {@code field}, refusing an index the table has no field at. */
    private void begin(int field) {
        if (field < 0 || field >= fields.length) {
            checkOpen();
            throw new IllegalArgumentException("bulk load of table '" + table.name() + "': there is no field " + field
                    + "; field(name) gives the indexes, 0 to " + (fields.length - 1) + " (" + String.join(", ",
                    table.fields().keySet()) + ")");
        }
        begin();
    }

    private void begin() {
        checkOpen();
        if (!started) {
            started = true;
            if (count == chunk.capacity()) {
                // The arrays are full: set this record's values in the next chunk straight away.
                submit();
            }
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("this bulk load of table '" + table.name() + "' has ended");
        }
        if (commits.failure() != null) {
            throw commits.failure();
        }
    }

    /** Whether the chunk must be committed before the record being built joins it (see {@link ChunkBudget}). */
    private boolean chunkEnds() {
        long id = recordId >= 0 ? recordId : lastId + 1;
        boolean boundary = (id >>> Coords.CONTAINER_BITS) != (ids[count - 1] >>> Coords.CONTAINER_BITS);
        return (count >= budget.chunkRecords() && boundary) || budget.isFull(count, valueBytes);
    }

    /** Drops the record being built (its values are overwritten by the next) and returns {@code e} to throw. */
    private InvalidInputException dropRecord(InvalidInputException e) {
        java.util.Arrays.fill(setThisRecord, false);
        valueBytes -= recordBytes;
        recordBytes = 0;
        recordId = -1;
        started = false;
        return e;
    }

    private String where() {
        return "record " + index + (recordId >= 0 ? " (id " + recordId + ")" : "");
    }

    /** Hands the full chunk to the committer once the previous commit finished, and switches to the other chunk. */
    private void submit() {
        commits.submit(chunk, ids, count, chunkGrants[current]);
        current = 1 - current;
        chunk = chunks[current];
        ids = chunkIds[current];
        count = 0;
        valueBytes = 0;
    }

    /** Adds every record of {@code records} and commits them: {@link Db#bulkLoad(String, Iterable)}. */
    static long loadAll(Db db, String table, Iterable<Row> records, ProgressListener listener, long budgetBytes) {
        BulkLoad load = new BulkLoad(db, table, listener, budgetBytes);
        try {
            for (Row record : records) {
                load.add(record);
            }
            load.close();
            return load.loaded();
        } catch (RuntimeException | Error failure) {
            // The chunk being filled is dropped; the one in flight finishes (never interrupt a commit),
            // so the records committed are exactly those reported before this failure surfaces.
            load.abort();
            throw failure;
        }
    }
}
