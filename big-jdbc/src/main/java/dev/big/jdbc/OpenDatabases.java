package dev.big.jdbc;

import dev.big.db.Db;
import dev.big.page.BigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * The databases this process's connections have open, one per file and mode, counted: a big file
 * is opened for writing by one handle at a time (a second {@code Db.open} would find it locked),
 * so every connection to it shares one {@link Db}, closed when the last connection closes.
 */
final class OpenDatabases {

    private record Key(Path file, boolean readOnly) {}

    /** One open database and how many connections hold it. */
    static final class Shared {
        private final Key key;
        private final Db db;
        private int holders;

        private Shared(Key key, Db db) {
            this.key = key;
            this.db = db;
        }

        /** A database the application opened and closes itself: not shared by URL, never closed here. */
        static Shared external(Db db) {
            Shared shared = new Shared(null, db);
            shared.holders = 1;
            return shared;
        }

        Db db() {
            return db;
        }

        /** Lets go of the database; the last holder closes it (unless the application opened it). */
        void release() {
            if (key == null) {
                return;
            }
            synchronized (OPEN) {
                if (--holders == 0) {
                    OPEN.remove(key);
                    db.close();
                }
            }
        }
    }

    private static final Map<Key, Shared> OPEN = new HashMap<>();

    static Shared acquire(Path path, boolean readOnly) throws SQLException {
        Path file = path.toAbsolutePath().normalize();
        Key key = new Key(file, readOnly);
        synchronized (OPEN) {
            Shared shared = OPEN.get(key);
            if (shared == null) {
                if (!Files.isRegularFile(file)) {
                    throw new java.sql.SQLNonTransientConnectionException("no big database at " + file
                            + (Files.exists(file) ? " (it is not a regular file)" : "")
                            + "; create one with `big create FILE --schema schema.json` or Db.create", "08001");
                }
                try {
                    shared = new Shared(key, readOnly ? Db.openReadOnly(file) : Db.open(file));
                } catch (BigException e) {
                    throw SqlExceptions.onOpen(file, e);
                }
                OPEN.put(key, shared);
            }
            shared.holders++;
            return shared;
        }
    }

    private OpenDatabases() {}
}
