package dev.big.engine;

import dev.big.page.BigException;
import java.io.ByteArrayOutputStream;

/**
 * Unsigned LEB128 varints: seven bits a byte, low bits first, the high bit set on every byte but
 * the last. How summaries store counts that are mostly small ({@code rows.RowCounts}).
 */
public final class Varints {

    /** Appends {@code value} (non-negative) to {@code out}. */
    public static void write(ByteArrayOutputStream out, long value) {
        if (value < 0) {
            throw new IllegalArgumentException("a varint is unsigned: " + value);
        }
        writeUnsigned(out, value);
    }

    /** Appends {@code value} as an unsigned 64-bit number (a negative long is one above 2^63): at most 10 bytes. */
    public static void writeUnsigned(ByteArrayOutputStream out, long value) {
        while ((value & ~0x7FL) != 0) {
            out.write((int) (value & 0x7F | 0x80));
            value >>>= 7;
        }
        out.write((int) value);
    }

    /** Reads varints one after another from a byte array. */
    public static final class Reader {
        private final byte[] bytes;
        private final String what;
        private int at;

        /** A reader of {@code bytes} from {@code at}; {@code what} names them in the error of a truncated varint. */
        public Reader(byte[] bytes, int at, String what) {
            this.bytes = bytes;
            this.at = at;
            this.what = what;
        }

        /** The next varint; refuses one that runs past the end or past 64 bits. */
        public long next() {
            long value = 0;
            for (int shift = 0; ; shift += 7) {
                if (at >= bytes.length || shift > 63) {
                    throw new BigException(what + " ends inside a number at byte " + at + ": it is damaged; run `big check` on the file");
                }
                byte b = bytes[at++];
                value |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return value;
                }
            }
        }

        /** Whether every byte has been read. */
        public boolean atEnd() {
            return at == bytes.length;
        }

        /** Where the next varint starts. */
        public int position() {
            return at;
        }
    }

    private Varints() {}
}
