package dev.big.page;

/** Another process (or another open handle in this one) has the file open for writing. */
public final class DatabaseLockedException extends BigException {

    public DatabaseLockedException(String file) {
        super(file + " is locked by another process that has it open for writing. Close that process, or open the"
                + " database read-only.");
    }

    /** The writer is another handle in this process. */
    public static DatabaseLockedException inThisProcess(String file) {
        return new DatabaseLockedException(file, file + " is locked: another handle in this process has it open for"
                + " writing. Use that handle, or close it first.");
    }

    private DatabaseLockedException(String file, String message) {
        super(message);
    }
}
