package dev.big.bench.bsi;

import dev.big.bench.BenchFiles;
import dev.big.engine.Store;
import dev.big.engine.WriteTxn;
import dev.big.engine.bsi.BsiBulkWriter;
import dev.big.engine.bsi.BsiField;
import dev.big.engine.coords.Coords;
import dev.big.workload.Event;
import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.SplittableRandom;

/**
 * A file of bit-sliced fields built from the standard workload (dense ids): {@code value} (20-bit
 * uniform), {@code received_at} (monotonic epoch millis, about one event per second) and, for the
 * cost-per-plane measurement, fields {@code depth<d>} holding uniform values of {@code d} bits.
 *
 * <p>Built once per (records, seed) under the bench files directory and reused by later forks and
 * runs: building 10,000,000 records takes longer than measuring them.
 */
public final class BsiDataset {

    public static final BsiField VALUE = new BsiField(1, 0, "value");
    public static final BsiField RECEIVED_AT = new BsiField(2, 0, "received_at");
    public static final int[] DEPTHS = {1, 2, 4, 8, 12, 16, 20, 24, 28, 32};
    public static final long SEED = 42;
    /** The first timestamp of the workload. */
    public static final long FIRST_MILLIS = 1_700_000_000_000L;

    public static BsiField depthField(int depth) {
        return new BsiField(100 + depth, 0, "depth" + depth);
    }

    /** The uniform value of record {@code id} in the {@code depth}-bit field. */
    public static long depthValue(long id, int depth) {
        long mixed = new SplittableRandom(SEED * 31 + id).nextLong();
        return depth == 64 ? mixed : mixed & ((1L << depth) - 1);
    }

    /** The file for {@code records} records, building it if it does not exist yet. */
    public static Path file(long records, boolean withDepthFields) {
        return BenchFiles.buildOnce("bsi-" + records + (withDepthFields ? "-depths" : "") + "-" + SEED + ".big",
                building -> build(building, records, withDepthFields));
    }

    private static void build(Path file, long records, boolean withDepthFields) {
        int column = (int) (Coords.SHARD_WIDTH / Coords.CONTAINERS_PER_ROW);
        char[] lows = new char[column];
        long[] values = new long[column];
        long[] times = new long[column];
        long[][] depthValues = new long[DEPTHS.length][column];
        try (Store store = Store.create(file)) {
            Iterator<Event> events = new EventGenerator(SEED, records, new IdLayout.Dense()).iterator();
            long id = 0;
            while (id < records) {
                int n = 0;
                long firstId = id;
                while (n < column && id < records) {
                    Event event = events.next();
                    lows[n] = (char) Coords.low(Coords.column(event.id()));
                    values[n] = event.value();
                    times[n] = event.receivedAt();
                    if (withDepthFields) {
                        for (int d = 0; d < DEPTHS.length; d++) {
                            depthValues[d][n] = depthValue(event.id(), DEPTHS[d]);
                        }
                    }
                    n++;
                    id++;
                }
                long shard = Coords.shard(firstId);
                int containerColumn = Coords.containerColumn(Coords.column(firstId));
                try (WriteTxn txn = store.beginWrite()) {
                    write(txn, VALUE, shard, containerColumn, lows, values, n);
                    write(txn, RECEIVED_AT, shard, containerColumn, lows, times, n);
                    if (withDepthFields) {
                        for (int d = 0; d < DEPTHS.length; d++) {
                            write(txn, depthField(DEPTHS[d]), shard, containerColumn, lows, depthValues[d], n);
                        }
                    }
                    txn.commit();
                }
            }
        }
    }

    private static void write(WriteTxn txn, BsiField field, long shard, int containerColumn, char[] lows, long[] values, int n) {
        BsiBulkWriter writer = new BsiBulkWriter(txn);
        writer.addColumn(field, shard, containerColumn, lows, values, n);
        writer.flush();
    }

    private BsiDataset() {}
}
