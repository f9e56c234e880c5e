package dev.big.page;

/**
 * An earlier write or sync failed, so the database refuses further writes: the file may hold a
 * half-written commit that only a reopen can safely discard. Reads of committed data still work.
 */
public final class DatabaseFailedException extends BigException {

    public DatabaseFailedException(String file, Throwable cause) {
        super(file + " refuses writes because an earlier write or sync failed (" + cause.getMessage()
                + "). Nothing committed is lost: close and reopen the database to continue from the last commit.",
                cause);
    }
}
