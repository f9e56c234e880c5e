package dev.big.bench.compare;

import dev.big.bench.BenchFiles;
import dev.big.bench.db.StandardTable;
import dev.big.db.Db;
import dev.big.db.Ingester;
import dev.big.db.Row;
import dev.big.workload.Event;
import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * big itself in the comparison: a database file in a directory of its own holding the standard
 * table ({@link StandardTable}), created empty when the engine is (as the SQL peers create their
 * table), so a timed ingest pays for writing events, not for creating the file. Loading is
 * {@code Db.bulkLoad} (which commits in chunks of its own, so {@code batchSize} is not used);
 * ingesting is {@code Db.ingest(batchSize)}. How questions are asked is the subclasses' business:
 * through SQL ({@link BigSqlPeer}, what users call) or the typed snapshot API ({@link BigApiPeer}).
 */
abstract sealed class BigPeer implements PeerEngine permits BigSqlPeer, BigApiPeer {

    static final String FILE_NAME = "events.big";

    private final String name;
    private final Path dir;
    private Db db;
    /** Whether the database holds its events: loaded, ingested into, or opened after a load. */
    private boolean filled;

    BigPeer(String name, Path dir) {
        this.name = name;
        this.dir = dir;
    }

    /** Creates the empty database in the directory, for {@link #load} or {@link #ingest} to fill. */
    final void createEmpty() throws IOException {
        createEmpty(false);
    }

    /**
     * {@link #createEmpty()}; if {@code pagesOnly}, in the file format before the write log, whose
     * every commit goes to the pages (what big did before format 4, for comparisons).
     */
    final void createEmpty(boolean pagesOnly) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(FILE_NAME);
        if (pagesOnly) {
            db = Db.of(dev.big.engine.Store.create(file, dev.big.page.MetaPage.VERSION_WRITE_LOG - 1));
            db.createTable(StandardTable.DEF);
        } else {
            db = Db.create(file, List.of(StandardTable.DEF));
        }
    }

    /** Opens the database an earlier {@link #load} left in the directory. */
    final void openLoaded() {
        Path file = dir.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no big database at " + file + "; load one first");
        }
        db = Db.open(file);
        filled = true;
        opened(db);
    }

    /** Called once the database holds the events: prepare whatever the questions need. */
    abstract void opened(Db db);

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final void load(Iterable<Event> events, int batchSize) {
        fill();
        db.bulkLoad(StandardTable.NAME, StandardTable.records(ascendingIds(events)));
        opened(db);
    }

    @Override
    public final void ingest(Iterable<Event> events, int batchSize) {
        fill();
        try (Ingester ingester = db.ingest(batchSize)) {
            for (Event event : events) {
                ingester.put(StandardTable.NAME, event.id(), StandardTable.record(event));
            }
        }
    }

    @Override
    public final void insertOne(Event event) {
        db.put(StandardTable.NAME, event.id(), StandardTable.record(event));
    }

    @Override
    public final void updateValue(long id, long value) {
        db.update(StandardTable.NAME, id, "value", value);
    }

    private void fill() {
        if (db == null || filled) {
            throw new IllegalStateException(name + ": load or ingest is called once, on an engine made by create");
        }
        filled = true;
    }

    /**
     * The events in ascending id order, which a bulk load takes. A generator of dense ids makes
     * them in that order and is passed on as it is: checking first would generate every event twice
     * inside the timed load. Anything else (a sparse layout deals ids round-robin) is gathered and
     * sorted by id.
     */
    private static Iterable<Event> ascendingIds(Iterable<Event> events) {
        if (events instanceof EventGenerator generator && generator.layout() instanceof IdLayout.Dense) {
            return events;
        }
        List<Event> sorted = new ArrayList<>();
        events.forEach(sorted::add);
        sorted.sort(Comparator.comparingLong(Event::id));
        return sorted;
    }

    @Override
    public final long sizeBytes() {
        return BenchFiles.sizeBytes(dir);
    }

    @Override
    public void close() {
        if (db != null) {
            db.close();
        }
    }

    /** A record of the standard table as an event. */
    static Event event(Row record) {
        return new Event(record.id().orElseThrow(), record.getLong("value"), record.getString("type"),
                record.getBoolean("verified"), record.getInstant("received_at").toEpochMilli(), record.getLong("size"),
                tags(record.get("tags")));
    }

    /** A set field's value (null when empty) as the generator's ascending list. */
    static List<String> tags(Object value) {
        if (value == null) {
            return List.of();
        }
        @SuppressWarnings("unchecked")
        Collection<String> tags = (Collection<String>) value;
        return List.copyOf(new TreeSet<>(tags));
    }

    static long millis(Object timestamp) {
        return ((Instant) timestamp).toEpochMilli();
    }
}
