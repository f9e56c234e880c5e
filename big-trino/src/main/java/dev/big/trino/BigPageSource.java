package dev.big.trino;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Filter;
import dev.big.db.TableDef;
import dev.big.db.ShardScan;
import dev.big.db.Snapshot;
import dev.big.engine.coords.Coords;
import io.trino.spi.Page;
import io.trino.spi.TrinoException;
import io.trino.spi.block.Block;
import io.trino.spi.connector.ConnectorPageSource;
import io.trino.spi.connector.SourcePage;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static io.trino.spi.StandardErrorCode.GENERIC_INTERNAL_ERROR;

/**
 * Reads one split: opens the split's commit of its file ({@link Db#read(dev.big.db.Commit)}, pinned
 * until {@link #close}), then shard by shard finds the matching ids with the pushed filter and
 * decodes only the requested columns, {@link #BATCH_ROWS} ids per page. With no column requested
 * ({@code count(*)}) a page carries only its row count, counted from the bitmaps without reading
 * a value. When the only column asked for is one keyed or bool column (with {@code $file} or
 * not), as a {@code GROUP BY type} or a {@code count(DISTINCT type)} asks, the rows come value by
 * value: per shard, each value's record count from its row ({@link ShardScan#valueCounts}), and a
 * page per value whose block is that one value repeated, with no record decoded (a scan's row
 * order is free). A limit or top-n on {@code id} stops each split after that many rows (Trino
 * applies them again across splits).
 */
final class BigPageSource implements ConnectorPageSource {

    static final int BATCH_ROWS = 8192;
    /** A keyed column with more values than this is decoded record by record, not counted value by value. */
    static final long VALUE_RUNS_LIMIT = 4_096;
    /** The most rows one page of a value's run carries. */
    static final int RUN_ROWS = 65_536;

    private final Snapshot snapshot;
    private final ShardScan scan;
    private final ColumnBlocks blocks;
    private final List<BigColumnHandle> columns;
    private final Filter filter;
    private final BigTableHandle table;
    private final String file;
    private final long lastShard;
    private final long firstShard;
    private long nextShard;
    private long remaining;
    private long[] ids = new long[0];
    private int idsAt;
    /** The one keyed or bool column whose values come as runs, or null. */
    private final BigColumnHandle counted;
    /** Per value of {@link #counted}, the rows of the current shard not yet returned. */
    private long[] runs = new long[0];
    private int runAt;
    private boolean finished;
    private boolean closed;
    private long completedPositions;
    private long readNanos;

    BigPageSource(Db db, BigSplit split, BigTableHandle table, List<BigColumnHandle> columns) {
        this.table = table;
        this.columns = columns;
        this.file = split.file();
        this.snapshot = db.read(split.commit());
        try {
            this.scan = snapshot.scan(table.table());
            PushedFilter pushed = filterFor(table.filter(), snapshot.table(table.table()));
            this.filter = Filter.and(pushed.toFilter(), Filter.between("id", split.firstId(), split.endId() - 1));
            scan.validate(filter);
            this.blocks = new ColumnBlocks(scan, snapshot.tableHandle(table.table()), Path.of(split.file()).getFileName().toString());
        } catch (RuntimeException e) {
            snapshot.close();
            throw e;
        }
        this.firstShard = Coords.shard(split.firstId());
        this.lastShard = Coords.shard(split.endId() - 1);
        this.remaining = table.rowsPerSplit() < 0 ? Long.MAX_VALUE : table.rowsPerSplit();
        this.nextShard = descending() ? lastShard : firstShard;
        this.counted = remaining == Long.MAX_VALUE && table.topN() < 0 ? countedColumn(columns, scan) : null;
    }

    /** The column whose values can come as runs: the only keyed (with few values) or bool column asked for, besides {@code $file}. */
    private static BigColumnHandle countedColumn(List<BigColumnHandle> columns, ShardScan scan) {
        BigColumnHandle counted = null;
        for (BigColumnHandle column : columns) {
            if (column.kind() == ColumnKind.FILE) {
                continue;
            }
            boolean countable = (column.kind() == ColumnKind.BOOL || column.kind() == ColumnKind.KEYED)
                    && scan.table().field(column.name()).isPresent()
                    && (column.kind() == ColumnKind.BOOL || scan.dictionarySize(column.name()) <= VALUE_RUNS_LIMIT);
            if (!countable || counted != null) {
                return null;
            }
            counted = column;
        }
        return counted;
    }

    /** The pushed filter as it applies to a file whose table is {@code def} (see {@link PushedFilter#forFields}). */
    static PushedFilter filterFor(PushedFilter pushed, TableDef def) {
        return pushed.forFields(def.fields().stream().map(FieldDef::name).collect(java.util.stream.Collectors.toSet()));
    }

    /**
     * The pushed filter of {@code table} as it applies to the file {@code snapshot} reads: {@link
     * PushedFilter#NONE} when no record there can match, the file lacking the table (or a field the
     * filter needs).
     */
    static PushedFilter filterFor(BigTableHandle table, Snapshot snapshot) {
        if (snapshot.schema().stream().map(TableDef::name).noneMatch(table.table()::equals)) {
            return PushedFilter.NONE;
        }
        return filterFor(table.filter(), snapshot.table(table.table()));
    }

    private boolean descending() {
        return table.topN() >= 0 && table.topNDescending();
    }

    @Override
    public SourcePage getNextSourcePage() {
        if (finished) {
            return null;
        }
        long started = System.nanoTime();
        try {
            return next();
        } catch (TrinoException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new TrinoException(GENERIC_INTERNAL_ERROR, "reading big file " + file + " (commit "
                    + snapshot.txid() + ") failed: " + e.getMessage(), e);
        } finally {
            readNanos += System.nanoTime() - started;
        }
    }

    private SourcePage next() {
        if (counted != null) {
            return nextRun();
        }
        while (idsAt == ids.length) {
            if (remaining == 0 || (descending() ? nextShard < firstShard : nextShard > lastShard)) {
                finished = true;
                return null;
            }
            long shard = nextShard;
            nextShard += descending() ? -1 : 1;
            if (columns.isEmpty() && remaining == Long.MAX_VALUE) {
                int count = Math.toIntExact(scan.count(filter, shard)); // count(*): no id listed, no value read
                if (count > 0) {
                    completedPositions += count;
                    return SourcePage.create(count);
                }
                continue;
            }
            long[] found = scan.ids(filter, shard);
            if (found.length > remaining) {
                int keep = (int) remaining;
                found = descending() ? Arrays.copyOfRange(found, found.length - keep, found.length) : Arrays.copyOf(found, keep);
            }
            remaining -= found.length;
            ids = found;
            idsAt = 0;
        }
        int n = Math.min(BATCH_ROWS, ids.length - idsAt);
        long[] batch = Arrays.copyOfRange(ids, idsAt, idsAt + n);
        idsAt += n;
        completedPositions += n;
        if (columns.isEmpty()) {
            return SourcePage.create(n);
        }
        Block[] out = new Block[columns.size()];
        for (int c = 0; c < out.length; c++) {
            out[c] = blocks.block(columns.get(c), batch, n);
        }
        return SourcePage.create(new Page(n, out));
    }

    /** The next page of one value's run: its record count in the shard, at most {@link #RUN_ROWS} rows. */
    private SourcePage nextRun() {
        while (true) {
            while (runAt < runs.length && runs[runAt] == 0) {
                runAt++;
            }
            if (runAt < runs.length) {
                break;
            }
            if (nextShard > lastShard) {
                finished = true;
                return null;
            }
            runs = scan.valueCounts(counted.name(), filter, nextShard++);
            runAt = 0;
        }
        int n = (int) Math.min(runs[runAt], RUN_ROWS);
        runs[runAt] -= n;
        completedPositions += n;
        Block[] out = new Block[columns.size()];
        for (int c = 0; c < out.length; c++) {
            BigColumnHandle column = columns.get(c);
            out[c] = column == counted ? blocks.run(column, runAt, runs.length - 1, n) : blocks.block(column, null, n);
        }
        return SourcePage.create(new Page(n, out));
    }

    @Override
    public long getCompletedBytes() {
        return completedPositions * 8L * Math.max(1, columns.size());
    }

    @Override
    public java.util.OptionalLong getCompletedPositions() {
        return java.util.OptionalLong.of(completedPositions);
    }

    @Override
    public long getReadTimeNanos() {
        return readNanos;
    }

    @Override
    public boolean isFinished() {
        return finished;
    }

    /** Releases the split's pin on its commit; safe to call more than once, from the thread that read or another. */
    @Override
    public synchronized void close() {
        finished = true;
        if (!closed) {
            closed = true;
            snapshot.close();
        }
    }
}
