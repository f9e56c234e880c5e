package dev.big.db.sql;

import dev.big.db.InvalidInputException;

/**
 * SQL big does not answer: malformed, or outside the supported subset. The message quotes the
 * part that is not supported and says what is; big never answers such a statement with a guess.
 */
public final class UnsupportedSqlException extends InvalidInputException {

    public UnsupportedSqlException(String message) {
        super(message);
    }
}
