package dev.big.trino;

import dev.big.db.Commit;
import dev.big.db.ShardScan;
import dev.big.db.Snapshot;
import dev.big.db.Filter;
import dev.big.engine.coords.Coords;
import io.trino.spi.HostAddress;
import io.trino.spi.connector.ColumnHandle;
import io.trino.spi.connector.ConnectorSession;
import io.trino.spi.connector.ConnectorSplit;
import io.trino.spi.connector.ConnectorSplitManager;
import io.trino.spi.connector.ConnectorSplitSource;
import io.trino.spi.connector.ConnectorTableHandle;
import io.trino.spi.connector.ConnectorTransactionHandle;
import io.trino.spi.connector.Constraint;
import io.trino.spi.connector.FixedSplitSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Splits are (file, id range) at one commit: the coordinator pins the latest commit of each file
 * for the query ({@link CommitPins}), takes the table's shards and their record counts from that
 * commit's summaries and each container column's (65,536 ids) from the table's existence row,
 * drops columns that hold no record or that the pushed filter cannot match ({@link
 * ShardScan#recordsPerColumn(Filter, long)}: id ranges by arithmetic, integer, timestamp and
 * decimal comparisons and IN lists by zone maps, as big's own queries and EXPLAIN decide), and
 * cuts what is left into runs of consecutive container columns of about the session's
 * {@value BigMetadata#SPLIT_RECORDS} records each (at most {@link #MAX_SPLITS_PER_FILE} per file),
 * weighted by the records they hold. A table handle with a pushed aggregation makes one split over
 * every file instead ({@link BigAggregateSplit}).
 */
final class BigSplitManager implements ConnectorSplitManager {

    /** At most this many splits per file: enough to keep every core of a few nodes busy, few enough to plan fast. */
    static final int MAX_SPLITS_PER_FILE = 64;
    private static final int COLUMNS = Coords.CONTAINERS_PER_ROW;
    private static final long COLUMN_IDS = Coords.SHARD_WIDTH / COLUMNS;

    private final BigFileSet files;
    private final CommitPins pins;

    BigSplitManager(BigFileSet files, CommitPins pins) {
        this.files = files;
        this.pins = pins;
    }

    @Override
    public ConnectorSplitSource getSplits(ConnectorTransactionHandle transaction, ConnectorSession session, ConnectorTableHandle handle,
            Set<ColumnHandle> dynamicFilterColumns, Constraint constraint) {
        BigTableHandle table = (BigTableHandle) handle;
        if (table.aggregation() != null) {
            return new FixedSplitSource(aggregateSplit((BigTransactionHandle) transaction, table));
        }
        List<ConnectorSplit> splits = new ArrayList<>();
        for (String file : files.files()) {
            List<HostAddress> addresses = files.addresses(file);
            long splitRecords = session.getProperty(BigMetadata.SPLIT_RECORDS, Long.class);
            pins.withSnapshot((BigTransactionHandle) transaction, file, files.open().db(file), snapshot -> {
                splits.addAll(splitsOf(file, snapshot, table, addresses, splitRecords));
                return null;
            });
        }
        return new FixedSplitSource(splits);
    }

    /**
     * The one split of a pushed aggregation: every file whose table can hold a matching record, at
     * the commit pinned for the query. Pruning by zone maps is left to big's own evaluation there.
     */
    private BigAggregateSplit aggregateSplit(BigTransactionHandle transaction, BigTableHandle table) {
        List<BigAggregateSplit.Part> parts = new ArrayList<>();
        for (String file : files.files()) {
            pins.withSnapshot(transaction, file, files.open().db(file), snapshot -> {
                if (!BigPageSource.filterFor(table, snapshot).isNone()) {
                    parts.add(new BigAggregateSplit.Part(file, snapshot.commit()));
                }
                return null;
            });
        }
        return new BigAggregateSplit(parts);
    }

    /** One column run of one shard: ids [first, end) holding about {@code records}. */
    private record Run(long first, long end, long records) {}

    /**
     * The splits of one file: its columns that can hold a matching record, in id order, gathered
     * into splits of at least {@code splitRecords} records, or of a 64th of the file's records where
     * that is more, so a file makes at most {@link #MAX_SPLITS_PER_FILE} (a split of the first
     * {@code k} holds at least a 64th of the records, so 64 hold them all).
     */
    private static List<BigSplit> splitsOf(String file, Snapshot snapshot, BigTableHandle table, List<HostAddress> addresses,
            long splitRecords) {
        PushedFilter filter = BigPageSource.filterFor(table, snapshot);
        if (filter.isNone()) {
            return List.of(); // no record of this file can match (no such table, or a field it lacks)
        }
        Filter pushed = filter.toFilter();
        List<Run> columns = new ArrayList<>();
        ShardScan scan = snapshot.scan(table.table());
        for (Snapshot.Shard shard : snapshot.shards(table.table())) {
            long[] perColumn = scan.recordsPerColumn(pushed, shard.shard());
            for (int c = 0; c < COLUMNS; c++) {
                if (perColumn[c] > 0) {
                    long first = Coords.recordId(shard.shard(), (int) (c * COLUMN_IDS));
                    columns.add(new Run(first, first + COLUMN_IDS, perColumn[c]));
                }
            }
        }
        if (columns.isEmpty()) {
            return List.of();
        }
        long total = columns.stream().mapToLong(Run::records).sum();
        long perSplit = Math.max(splitRecords, (total + MAX_SPLITS_PER_FILE - 1) / MAX_SPLITS_PER_FILE);
        Commit commit = snapshot.commit();
        List<BigSplit> splits = new ArrayList<>();
        int first = 0;
        long records = 0;
        for (int i = 0; i < columns.size(); i++) {
            records += columns.get(i).records();
            if (records >= perSplit || i == columns.size() - 1) {
                // A split's weight is its share of a full split, so Trino balances by records, not by split count.
                double weight = (double) records / perSplit;
                splits.add(new BigSplit(file, commit, columns.get(first).first(), columns.get(i).end(), records, weight, addresses));
                first = i + 1;
                records = 0;
            }
        }
        return splits;
    }
}
