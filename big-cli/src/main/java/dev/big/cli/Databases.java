package dev.big.cli;

import dev.big.db.Db;
import java.nio.file.Path;

/** Opens the database a command names, after checking the file is there. */
final class Databases {

    /**
     * Opens for reading without taking the write lock, so queries work while another process
     * writes. Each snapshot read is pinned, so a writer in another process keeps its pages until
     * the read ends. Long reads that want the file to stay as it is also take the write lock
     * ({@link dev.big.db.WriteLock}) while they run: check insists on it, export takes it when it can.
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
