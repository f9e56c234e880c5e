package dev.big.db.exchange;

import dev.big.page.BigException;

/**
 * An export stream failed verification: a block's checksum, length or structure is not what the
 * format promises, or the stream stops before its end block. Nothing of it is imported.
 */
public final class CorruptStreamException extends BigException {

    /** A stream that cannot be read, with what was wrong and where. */
    public CorruptStreamException(String message) {
        super(message);
    }

    /** A stream that cannot be read, caused by {@code cause}. */
    public CorruptStreamException(String message, Throwable cause) {
        super(message, cause);
    }
}
