package dev.big.cli;

import dev.big.db.Db;
import java.nio.file.Path;

/** Opens the database a command names, after checking the file is there. */
final class Databases {

    /**
     * Opens for reading without taking the write lock, so queries work while another process
     * writes. The snapshot a reader takes is consistent; a reader in another process does not
     * hold back page reuse, which is why long reads (check, export) prefer {@link #openForWriting}.
     */
    static Db openReadOnly(Path file) {
        return Db.openReadOnly(Inputs.readableFile(file, "database"));
    }

    /** Opens for reading and writing; fails with "locked by another process" if another process writes it. */
    static Db openForWriting(Path file) {
        return Db.open(Inputs.readableFile(file, "database"));
    }

    private Databases() {}
}
