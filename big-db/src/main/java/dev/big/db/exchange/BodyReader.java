package dev.big.db.exchange;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Reads the little-endian body of one verified block. A body that ends early or runs past its
 * block means the block does not follow the format (its checksum matched, so a writer wrote it
 * that way): that is reported as a corrupt stream, naming the block.
 */
final class BodyReader {

    private final ByteBuffer in;
    private final String block;

    BodyReader(byte[] raw, int offset, int length, String block) {
        this.in = ByteBuffer.wrap(raw, offset, length).order(ByteOrder.LITTLE_ENDIAN);
        this.block = block;
    }

    /** Which block this is, for messages: "block 7 (fragment) at offset 1234 of events.bigx". */
    String block() {
        return block;
    }

    int u8() {
        need(1);
        return Byte.toUnsignedInt(in.get());
    }

    int u16() {
        need(2);
        return Short.toUnsignedInt(in.getShort());
    }

    long u32() {
        need(4);
        return Integer.toUnsignedLong(in.getInt());
    }

    long u64() {
        need(8);
        return in.getLong();
    }

    byte[] bytes(long length) {
        need(length);
        byte[] value = new byte[(int) length];
        in.get(value);
        return value;
    }

    /** Name --> Length:u8, UTF-8 bytes. */
    String name() {
        return new String(bytes(u8()), StandardCharsets.UTF_8);
    }

    boolean hasRemaining() {
        return in.hasRemaining();
    }

    int remaining() {
        return in.remaining();
    }

    CorruptStreamException corrupt(String problem) {
        return new CorruptStreamException(block + ": " + problem
                + "; the stream is damaged or was not written by big. Export the database again.");
    }

    private void need(long bytes) {
        if (bytes > in.remaining()) {
            throw corrupt("the body ends " + (bytes - in.remaining()) + " bytes early");
        }
    }
}
