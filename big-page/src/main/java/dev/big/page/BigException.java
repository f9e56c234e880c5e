package dev.big.page;

/**
 * The root of big's exceptions. Every message says what went wrong, where (file, page, table,
 * field, record) and what the reader can do about it.
 */
public class BigException extends RuntimeException {

    public BigException(String message) {
        super(message);
    }

    public BigException(String message, Throwable cause) {
        super(message, cause);
    }
}
