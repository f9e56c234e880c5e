package dev.big.db.exchange;

import dev.big.page.Checksums;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;

/**
 * Writes the stream header and blocks (see {@link ExportFormat}): each block's raw bytes are
 * checksummed, LZ4-compressed and framed with both lengths.
 */
final class BlockWriter {

    /*
     * The pure-Java, bounds-checked LZ4: no native library to unpack, no sun.misc.Unsafe. An
     * export is bound by reading the database and the output, not by compression.
     */
    private static final LZ4Compressor COMPRESSOR = LZ4Factory.safeInstance().fastCompressor();

    private final OutputStream out;
    private final String name;
    private final byte[] frame = new byte[ExportFormat.BLOCK_HEADER_BYTES];
    private byte[] compressed = new byte[0];
    private long bytesWritten;
    private long blocks;

    BlockWriter(OutputStream out, String name) {
        this.out = out;
        this.name = name;
    }

    void writeHeader() {
        ByteBuffer header = ByteBuffer.allocate(ExportFormat.HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        header.put(ExportFormat.MAGIC).putInt(ExportFormat.VERSION_CURRENT);
        write(header.array(), header.capacity());
    }

    /** Writes {@code body} (Kind:u8 then the kind's body) as one block. */
    void writeBlock(BodyWriter body) {
        int rawLength = body.size();
        if (rawLength > ExportFormat.MAX_RAW_BLOCK_BYTES) {
            throw new IllegalStateException("block of " + rawLength + " raw bytes exceeds " + ExportFormat.MAX_RAW_BLOCK_BYTES);
        }
        int bound = COMPRESSOR.maxCompressedLength(rawLength);
        if (compressed.length < bound) {
            compressed = new byte[bound];
        }
        int compressedLength = COMPRESSOR.compress(body.array(), 0, rawLength, compressed, 0, bound);
        long checksum = Checksums.xxh3(body.array(), 0, rawLength);
        ByteBuffer.wrap(frame).order(ByteOrder.LITTLE_ENDIAN).putInt(rawLength).putInt(compressedLength).putLong(checksum);
        write(frame, frame.length);
        write(compressed, compressedLength);
        blocks++;
    }

    /** Blocks written so far. */
    long blocks() {
        return blocks;
    }

    long bytesWritten() {
        return bytesWritten;
    }

    void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("writing the export stream to " + name + " failed: " + e.getMessage(), e);
        }
    }

    private void write(byte[] bytes, int length) {
        try {
            out.write(bytes, 0, length);
            bytesWritten += length;
        } catch (IOException e) {
            throw new UncheckedIOException("writing the export stream to " + name + " failed: " + e.getMessage(), e);
        }
    }
}
