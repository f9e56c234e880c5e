package dev.big.reliability;

import dev.big.db.Db;
import dev.big.db.Snapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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
             Db db = Files.exists(file) ? Db.open(file) : Db.create(file, List.of(EventRecords.table()))) {
            if (db.schema().stream().noneMatch(t -> t.name().equals(EventRecords.TABLE))) {
                db.createTable(EventRecords.table()); // a kill landed between creating the file and its table
            }
            long start;
            try (Snapshot snapshot = db.read()) {
                start = snapshot.count(EventRecords.TABLE);
            }
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
