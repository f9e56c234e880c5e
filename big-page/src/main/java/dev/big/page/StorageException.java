package dev.big.page;

import java.io.IOException;

/**
 * Reading, writing or syncing the database file failed (a full disk, an I/O error, a failed
 * fsync). Nothing committed is lost: after a failed write or sync the database refuses further
 * writes until it is reopened, and reopening shows the last commit.
 */
public final class StorageException extends BigException {

    public StorageException(String file, String operation, IOException cause) {
        super(operation + " on " + file + " failed: " + describe(cause)
                + ". Check free disk space and the device; reopen the database to continue from the last commit.",
                cause);
    }

    public StorageException(String message) {
        super(message);
    }

    private static String describe(IOException cause) {
        String message = cause.getMessage();
        return message == null ? cause.getClass().getSimpleName() : message;
    }
}
