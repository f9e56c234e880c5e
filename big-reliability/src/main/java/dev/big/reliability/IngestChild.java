package dev.big.reliability;

import dev.big.db.Db;
import dev.big.db.Ingester;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Child JVM of the kill battery: appends {@link EventRecords} through {@code db.ingest(BATCH)}
 * until it is killed, acknowledging a count only once the ingester says those records are
 * committed ({@link Ingester#committed()}, or an explicit {@link Ingester#flush()}). Flushes happen
 * only at batch boundaries, so every commit holds exactly {@link #BATCH} records and the table must
 * always hold a whole number of batches.
 *
 * <p>Arguments: database file, acknowledgement file, seed (chooses when to flush).
 */
public final class IngestChild {

    public static final int BATCH = 1000;

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        SplittableRandom random = new SplittableRandom(Long.parseLong(args[2]));
        try (Acks acks = new Acks(Path.of(args[1]));
             Db db = EventRecords.openOrCreate(file)) {
            long start = EventRecords.count(db);
            acks.ready(start);
            Ingester ingester = db.ingest(BATCH);
            long acked = 0;
            for (long id = start; ; id++) {
                long assigned = ingester.append(EventRecords.TABLE, EventRecords.record(id));
                if (assigned != id) {
                    acks.error("append assigned id " + assigned + ", expected " + id);
                    System.exit(3);
                }
                boolean batchEnd = (id + 1 - start) % BATCH == 0;
                if (batchEnd && random.nextInt(8) == 0) {
                    ingester.flush();
                }
                long committed = ingester.committed();
                if (committed > acked) {
                    acked = committed;
                    acks.durable(start + acked);
                }
            }
        }
    }

    private IngestChild() {}
}
