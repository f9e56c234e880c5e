package dev.big.page;

/** Another process (or another open handle in this one) has the file open for writing. */
public final class DatabaseLockedException extends BigException {

    public DatabaseLockedException(String file) {
        super(file + " is locked by another process that has it open for writing. Close that process, or open the"
                + " database read-only.");
    }
}
