package dev.big.page;

/** An operation was attempted on a database, snapshot or transaction that is already closed. */
public final class DatabaseClosedException extends BigException {

    public DatabaseClosedException(String what) {
        super(what + " is closed; open it again (Db.open) or start a new read/write transaction.");
    }
}
