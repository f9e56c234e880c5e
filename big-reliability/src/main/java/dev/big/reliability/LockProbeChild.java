package dev.big.reliability;

import dev.big.db.Db;
import dev.big.db.Snapshot;
import dev.big.page.DatabaseLockedException;
import java.nio.file.Path;

/**
 * Child JVM of the lifecycle battery: a second process that tries to open a database another
 * process has open for writing, then opens it read-only, and reports both to its acknowledgement
 * file: {@code error LOCKED <message>} or {@code error OPENED}, then {@code durable <count>} (the
 * record count it read).
 *
 * <p>Arguments: database file, report file.
 */
public final class LockProbeChild {

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        try (Acks report = new Acks(Path.of(args[1]))) {
            try {
                Db.open(file).close();
                report.error("OPENED for writing while another process holds it");
            } catch (DatabaseLockedException e) {
                report.error("LOCKED " + e.getMessage());
            }
            try (Db db = Db.openReadOnly(file); Snapshot snapshot = db.read()) {
                report.durable(snapshot.count(EventRecords.TABLE));
            }
        }
    }

    private LockProbeChild() {}
}
