package dev.big.db.exchange;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable little-endian buffer a block body is written into before it is compressed. */
final class BodyWriter {

    private byte[] bytes = new byte[ExportFormat.TARGET_RAW_BLOCK_BYTES + 64 * 1024];
    private int size;

    int size() {
        return size;
    }

    byte[] array() {
        return bytes;
    }

    void reset() {
        size = 0;
    }

    BodyWriter u8(int value) {
        ensure(1);
        bytes[size++] = (byte) value;
        return this;
    }

    BodyWriter u16(int value) {
        ensure(2);
        bytes[size++] = (byte) value;
        bytes[size++] = (byte) (value >>> 8);
        return this;
    }

    BodyWriter u32(long value) {
        ensure(4);
        for (int i = 0; i < 4; i++) {
            bytes[size++] = (byte) (value >>> (8 * i));
        }
        return this;
    }

    BodyWriter u64(long value) {
        ensure(8);
        for (int i = 0; i < 8; i++) {
            bytes[size++] = (byte) (value >>> (8 * i));
        }
        return this;
    }

    BodyWriter bytes(byte[] value) {
        ensure(value.length);
        System.arraycopy(value, 0, bytes, size, value.length);
        size += value.length;
        return this;
    }

    /** Name --> Length:u8, UTF-8 bytes (table and field names are at most 64 ASCII characters). */
    BodyWriter name(String name) {
        byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
        return u8(utf8.length).bytes(utf8);
    }

    /** Overwrites the u32 at {@code offset} (a count known only after its items were written). */
    void patchU32(int offset, long value) {
        for (int i = 0; i < 4; i++) {
            bytes[offset + i] = (byte) (value >>> (8 * i));
        }
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
