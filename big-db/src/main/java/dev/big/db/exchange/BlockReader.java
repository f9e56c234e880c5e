package dev.big.db.exchange;

import dev.big.db.InvalidInputException;
import dev.big.page.Checksums;
import dev.big.page.CorruptPageException;
import dev.big.page.FormatVersionException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * Reads the stream header and then one verified block at a time (see {@link ExportFormat}):
 * lengths within bounds, LZ4 data that decompresses to exactly the promised length, and a raw
 * checksum that matches. Every failure names the block, its offset in the stream and the stream.
 */
final class BlockReader {

    /** Bounds-checked on every input: a damaged block must fail cleanly, never read out of bounds. */
    private static final LZ4SafeDecompressor DECOMPRESSOR = LZ4Factory.safeInstance().safeDecompressor();
    private static final int MAX_COMPRESSED_BYTES =
            LZ4Factory.safeInstance().fastCompressor().maxCompressedLength(ExportFormat.MAX_RAW_BLOCK_BYTES);

    /** One verified block: its kind and a reader over its body (after the kind byte). */
    record Block(int kind, BodyReader body, long index, long offset) {}

    private final InputStream in;
    private final String name;
    private final byte[] frame = new byte[ExportFormat.BLOCK_HEADER_BYTES];
    private byte[] compressed = new byte[0];
    private byte[] raw = new byte[0];
    private long offset;
    private long blocks;

    BlockReader(InputStream in, String name) {
        this.in = in;
        this.name = name;
    }

    /** Reads and checks the header: the magic, then a version this build reads; returns the version. */
    int readHeader() {
        byte[] header = new byte[ExportFormat.HEADER_BYTES];
        int read = readFully(header, header.length);
        if (read < ExportFormat.MAGIC.length
                || !Arrays.equals(header, 0, ExportFormat.MAGIC.length, ExportFormat.MAGIC, 0, ExportFormat.MAGIC.length)) {
            throw new InvalidInputException(name + " is not a big export stream (it does not start with \"BIGXPORT\")"
                    + (read == 0 ? ": it is empty" : "") + "; export streams are written by `big export` (Exporter)");
        }
        if (read < header.length) {
            throw new CorruptStreamException(name + " is truncated: it ends inside the stream header");
        }
        int version = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).getInt(ExportFormat.MAGIC.length);
        if (version < ExportFormat.VERSION_START || version > ExportFormat.VERSION_CURRENT) {
            throw new FormatVersionException("export stream", name, version, ExportFormat.VERSION_START,
                    ExportFormat.VERSION_CURRENT);
        }
        offset = header.length;
        return version;
    }

    /** The next verified block, or null at the end of the input (which only the caller can judge). */
    Block next() {
        long blockOffset = offset;
        String where = "block " + blocks + " at offset " + blockOffset + " of " + name;
        int read = readFully(frame, frame.length);
        if (read == 0) {
            return null;
        }
        if (read < frame.length) {
            throw new CorruptStreamException(name + " is truncated: it ends inside the header of " + where);
        }
        ByteBuffer header = ByteBuffer.wrap(frame).order(ByteOrder.LITTLE_ENDIAN);
        long rawLength = Integer.toUnsignedLong(header.getInt());
        long compressedLength = Integer.toUnsignedLong(header.getInt());
        long expected = header.getLong();
        if (rawLength < 1 || rawLength > ExportFormat.MAX_RAW_BLOCK_BYTES || compressedLength < 1
                || compressedLength > MAX_COMPRESSED_BYTES) {
            throw new CorruptStreamException(where + ": impossible lengths (raw " + rawLength + ", compressed "
                    + compressedLength + " bytes; at most " + ExportFormat.MAX_RAW_BLOCK_BYTES
                    + " raw bytes per block); the stream is damaged. Export the database again.");
        }
        if (compressed.length < compressedLength) {
            compressed = new byte[(int) compressedLength];
        }
        if (raw.length < rawLength) {
            raw = new byte[(int) rawLength];
        }
        if (readFully(compressed, (int) compressedLength) < compressedLength) {
            throw new CorruptStreamException(name + " is truncated: it ends inside " + where);
        }
        int decompressed;
        try {
            decompressed = DECOMPRESSOR.decompress(compressed, 0, (int) compressedLength, raw, 0, (int) rawLength);
        } catch (LZ4Exception e) {
            throw new CorruptStreamException(where + ": its LZ4 data is damaged (" + e.getMessage()
                    + "); the stream is damaged. Export the database again.", e);
        }
        long actual = Checksums.xxh3(raw, 0, decompressed);
        if (decompressed != rawLength || actual != expected) {
            throw new CorruptStreamException(where + ": checksum failed (expected=" + CorruptPageException.hex(expected)
                    + " actual=" + CorruptPageException.hex(actual) + ", " + decompressed + " of " + rawLength
                    + " raw bytes); the stream is damaged (copy or storage problem?). Export the database again.");
        }
        int kind = Byte.toUnsignedInt(raw[0]);
        BodyReader body = new BodyReader(raw, 1, (int) rawLength - 1,
                "block " + blocks + " (" + ExportFormat.kindName(kind) + ") at offset " + blockOffset + " of " + name);
        return new Block(kind, body, blocks++, blockOffset);
    }

    /** Bytes read so far: the offset of the next block. */
    long offset() {
        return offset;
    }

    String name() {
        return name;
    }

    private int readFully(byte[] into, int length) {
        try {
            int read = in.readNBytes(into, 0, length);
            offset += read;
            return read;
        } catch (IOException e) {
            throw new UncheckedIOException("reading the export stream " + name + " failed: " + e.getMessage(), e);
        }
    }
}
