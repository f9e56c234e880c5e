package dev.big.db.sql;

import dev.big.db.InvalidInputException;

/**
 * SQL big does not answer: malformed, or outside the supported subset. The message quotes the
 * part that is not supported and says what is; big never answers such a statement with a guess.
 */
public final class UnsupportedSqlException extends InvalidInputException {

    /** A statement outside the supported subset; the message names the part and what is supported. */
    public UnsupportedSqlException(String message) {
        super(message);
    }
}
