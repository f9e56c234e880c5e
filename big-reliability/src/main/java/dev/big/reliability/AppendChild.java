package dev.big.reliability;

import dev.big.db.Db;
import java.nio.file.Path;

/**
 * Child JVM of the kill battery: appends {@link EventRecords} one durable {@code db.append} at a
 * time until it is killed, acknowledging each record once {@code append} has returned (a
 * single-record write is durable on return).
 *
 * <p>Arguments: database file, acknowledgement file.
 */
public final class AppendChild {

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        try (Acks acks = new Acks(Path.of(args[1]));
             Db db = EventRecords.openOrCreate(file)) {
            long start = EventRecords.count(db);
            acks.ready(start);
            for (long id = start; ; id++) {
                long assigned = db.append(EventRecords.TABLE, EventRecords.record(id));
                if (assigned != id) {
                    acks.error("append assigned id " + assigned + ", expected " + id);
                    System.exit(3);
                }
                acks.durable(id + 1);
            }
        }
    }

    private AppendChild() {}
}
