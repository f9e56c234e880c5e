package dev.big.cli;

import dev.big.db.BulkLoad;
import dev.big.db.Db;
import dev.big.db.Filter;
import dev.big.db.Ingester;
import dev.big.db.InvalidInputException;
import dev.big.db.Order;
import dev.big.db.ProgressListener;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Runs one load: rows from the inputs in order, into one table, either through
 * {@link Db#ingest} (one commit per batch, any ids, existing records replaced) or
 * {@link Db#bulkLoad} (bottom-up, chunk commits, ids ascending above the table's). A bad row either
 * stops the load, reported with exactly which rows were committed ({@link CommitTracker}), or is
 * written to the reject file and skipped.
 */
final class Loader {

    /** One input file, opened when the load reaches it. */
    record Input(String name, Supplier<RowSource> open) {}

    /** What a load did; {@code ignored}: per input, the columns or keys it skipped (--ignore-unknown). */
    record Result(long rows, long rejected, long bytesWritten, long nanos, Map<String, List<String>> ignored) {}

    private final Db db;
    private final int batchSize;
    private final String table;
    private final List<Input> inputs;
    private final RejectFile rejects;
    private final Progress progress;
    private final CommitTracker tracker;
    private final ProgressListener listener;
    /** Set by the database's progress listener, which a bulk load calls from its commit thread. */
    private volatile long bytesWritten;
    private long inputBytesDone;
    private final Map<String, List<String>> ignored = new LinkedHashMap<>();

    /** A loader that commits every {@code batchSize} rows through ingest, or bulk-loads if it is 0. */
    Loader(Db db, String table, List<Input> inputs, int batchSize, RejectFile rejects, Progress progress) {
        this.db = db;
        this.batchSize = batchSize;
        this.tracker = new CommitTracker(batchSize > 0
                ? "a batch of " + Units.count(batchSize) + " rows commits whole or not at all"
                : "a bulk load commits in chunks of 65,536 to 131,071 rows, fewer for a wide table");
        this.table = table;
        this.inputs = inputs;
        this.rejects = rejects;
        this.progress = progress;
        this.listener = (records, bytes) -> {
            tracker.committed(records);
            bytesWritten = bytes;
            progress.extra(" " + Units.count(records) + " rows committed");
        };
    }

    Result run() {
        return batchSize > 0 ? batches() : bulk();
    }

    /** One commit per {@code batchSize} rows. */
    private Result batches() {
        long start = System.nanoTime();
        Ingester ingester = db.ingest(batchSize, listener);
        try {
            return batches(ingester, start);
        } catch (RuntimeException stop) {
            // A batch interrupted by a bad row must not commit, but the one before it may be committing
            // now: wait for it, so the report of what was committed is final.
            try {
                ingester.abort();
            } catch (RuntimeException alsoFailed) {
                stop.addSuppressed(alsoFailed);
            }
            throw stop;
        }
    }

    private Result batches(Ingester ingester, long start) {
        for (Input input : inputs) {
            try (RowSource source = input.open().get()) {
                RowSource.Located row;
                while ((row = nextRow(source)) != null) {
                    tracker.handedOver(row.position());
                    try {
                        Row record = row.record();
                        if (record.id().isPresent()) {
                            ingester.put(table, record.id().getAsLong(), record);
                        } else {
                            ingester.append(table, record);
                        }
                    } catch (InvalidInputException e) {
                        // This row's own refusal: the ingester reports a failed batch otherwise (see Ingester).
                        tracker.refusedLast();
                        bad(new BadRowException(row.position(), null, e.getMessage(), row.record().toString()));
                    }
                    progress.stepTo(inputBytesDone + source.bytesRead());
                }
                inputBytesDone += source.bytesRead();
                noteIgnored(input, source);
            }
        }
        ingester.close();
        return result(start);
    }

    /**
     * A bulk load's buffer budget: an eighth of the heap, from the library's default up to 256 MiB.
     * A larger budget lets a table of a dozen fields commit chunks of four container columns instead
     * of one or two ({@code ChunkBudget}), each chunk's commit rewriting the leaves it adds to.
     */
    private static long bufferBytes() {
        return Math.clamp(Runtime.getRuntime().maxMemory() / 8, Db.DEFAULT_BULK_LOAD_BUFFER_BYTES, 256L << 20);
    }

    /** The bottom-up bulk load: records with ids must ascend, above every id the table has. */
    private Result bulk() {
        long start = System.nanoTime();
        lastId = highestId();
        BulkLoad load = db.bulkLoad(table, listener, bufferBytes());
        try {
            for (Input input : inputs) {
                try (RowSource source = input.open().get()) {
                    if (source instanceof CsvRows csv) {
                        bulkCsv(load, csv);
                    } else {
                        bulkRows(load, source);
                    }
                    inputBytesDone += source.bytesRead();
                    noteIgnored(input, source);
                }
            }
            load.close();
        } catch (InvalidInputException e) {
            // Each record is checked as the load takes it, so the one refused is the last handed over.
            load.abort();
            RowPosition refused = tracker.lastHandedOver();
            if (refused == null) {
                throw e;
            }
            throw new BadRowException(refused, null, e.getMessage(), "", false);
        } catch (RuntimeException | Error e) {
            // The chunk being filled is not committed: what was committed is what the tracker reports.
            load.abort();
            throw e;
        }
        return result(start);
    }

    /** CSV rows go straight into the load's columns, with no {@link Row} per record. */
    private void bulkCsv(BulkLoad load, CsvRows csv) {
        while (true) {
            try {
                if (!csv.read()) {
                    return;
                }
            } catch (BadRowException e) {
                bad(e);
                continue;
            }
            tracker.handedOver(csv.name(), csv.line());
            long id;
            try {
                id = csv.setValues(load);
            } catch (BadRowException e) {
                tracker.refusedLast();
                load.discard();
                bad(e);
                continue;
            }
            if (id != CsvRows.NO_ID) {
                boolean ascends = false;
                try {
                    ascends = idAscends(id, new RowPosition(csv.name(), csv.line()), csv::text);
                } finally {
                    // A row refused here (set aside, or stopping the load) was never the database's.
                    if (!ascends) {
                        tracker.refusedLast();
                        load.discard();
                    }
                }
                if (!ascends) {
                    continue;
                }
                load.id(id);
            } else {
                lastId = Long.MAX_VALUE;
            }
            load.add();
            progress.stepTo(inputBytesDone + csv.bytesRead());
        }
    }

    /** Rows of other formats come as records. */
    private void bulkRows(BulkLoad load, RowSource source) {
        RowSource.Located row;
        while ((row = nextRow(source)) != null) {
            if (row.record().id().isPresent()) {
                Row record = row.record();
                if (!idAscends(record.id().getAsLong(), row.position(), record::toString)) {
                    continue;
                }
            } else {
                lastId = Long.MAX_VALUE;
            }
            tracker.handedOver(row.position());
            load.add(row.record());
            progress.stepTo(inputBytesDone + source.bytesRead());
        }
    }

    /** The highest id so far, or {@code Long.MAX_VALUE} once a row without one took the table's next id. */
    private long lastId;

    /**
     * Whether {@code id} is above the previous one; a row whose id is not is bad (--bulk cannot
     * write among existing records). Rows without ids get the next ids, which this does not know,
     * so the check starts again after them.
     */
    private boolean idAscends(long id, RowPosition position, Supplier<String> text) {
        if (lastId != Long.MAX_VALUE && id <= lastId) {
            bad(new BadRowException(position, CsvRows.ID_COLUMN, "id " + id + " is not above " + lastId
                    + ", the highest id so far: --bulk needs ascending ids above the table's (use --batch N to write"
                    + " ids in any order or to replace records)", text.get()));
            return false;
        }
        lastId = id;
        return true;
    }

    private long highestId() {
        try (Snapshot snapshot = db.read()) {
            long[] ids = snapshot.ids(table, Filter.all(), Order.DESC, 1, null);
            return ids.length == 0 ? -1 : ids[0];
        }
    }

    /** The next good row: bad ones go to the reject file, or stop the load. */
    private RowSource.Located nextRow(RowSource source) {
        while (true) {
            try {
                return source.next();
            } catch (BadRowException e) {
                bad(e);
            }
        }
    }

    private void bad(BadRowException e) {
        if (rejects == null || !e.skippable()) {
            throw e;
        }
        rejects.reject(e);
    }

    private void noteIgnored(Input input, RowSource source) {
        if (!source.ignored().isEmpty()) {
            ignored.put(input.name(), source.ignored());
        }
    }

    CommitTracker tracker() {
        return tracker;
    }

    private Result result(long start) {
        return new Result(tracker.committed(), rejects == null ? 0 : rejects.rows(), bytesWritten, System.nanoTime() - start,
                java.util.Collections.unmodifiableMap(new LinkedHashMap<>(ignored)));
    }
}
