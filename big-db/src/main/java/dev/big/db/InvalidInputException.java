package dev.big.db;

import dev.big.page.BigException;

/**
 * Input big cannot accept: an unknown table or field, a value of the wrong type or out of range,
 * a malformed name. Thrown before anything is written, so the transaction (or batch) it came from
 * is unchanged.
 */
public class InvalidInputException extends BigException {

    /** An error whose message says what was wrong, where, and what to do. */
    public InvalidInputException(String message) {
        super(message);
    }
}
