package dev.big.parquet;

import io.airlift.compress.v3.Compressor;
import io.airlift.compress.v3.Decompressor;
import io.airlift.compress.v3.lz4.Lz4Compressor;
import io.airlift.compress.v3.lz4.Lz4Decompressor;
import io.airlift.compress.v3.snappy.SnappyCompressor;
import io.airlift.compress.v3.snappy.SnappyDecompressor;
import io.airlift.compress.v3.zstd.ZstdCompressor;
import io.airlift.compress.v3.zstd.ZstdDecompressor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Page compression without Hadoop's codecs (which need Hadoop's native libraries or its
 * configuration): SNAPPY, ZSTD and LZ4_RAW through aircompressor-v3; GZIP through the JDK;
 * UNCOMPRESSED. Parquet's other codecs (LZO, BROTLI, the Hadoop-framed LZ4) are refused by name.
 *
 * <p>aircompressor-v3's {@code create()} takes the native library it ships (Linux and macOS on
 * x86-64 and ARM), called through the FFM API, which needs only the {@code --enable-native-access}
 * big already asks for; its pure-Java codecs, taken elsewhere, read memory through
 * {@code sun.misc.Unsafe}, as aircompressor 0.x and 2.x do everywhere, and make JDK 24 and later
 * print a warning on every {@code big load} or {@code COPY} of a Parquet file.
 */
// BytesInput.toByteArray is deprecated for the allocator-based copies; the codecs here work on arrays.
@SuppressWarnings("deprecation")
final class ParquetCodecs implements CompressionCodecFactory {

    /** The codec big writes: DuckDB's default, fast, and read by every Parquet reader. */
    static final CompressionCodecName WRITE_CODEC = CompressionCodecName.SNAPPY;

    private final String file;

    ParquetCodecs(String file) {
        this.file = file;
    }

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        return new BytesInputCompressor() {
            @Override
            public BytesInput compress(BytesInput bytes) throws IOException {
                byte[] input = bytes.toByteArray();
                return switch (codec) {
                    case UNCOMPRESSED -> BytesInput.from(input);
                    case GZIP -> {
                        ByteArrayOutputStream out = new ByteArrayOutputStream(input.length / 2 + 64);
                        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
                            gzip.write(input);
                        }
                        yield BytesInput.from(out.toByteArray());
                    }
                    default -> {
                        Compressor compressor = compressor(codec);
                        byte[] output = new byte[compressor.maxCompressedLength(input.length)];
                        int length = compressor.compress(input, 0, input.length, output, 0, output.length);
                        yield BytesInput.from(output, 0, length);
                    }
                };
            }

            @Override
            public CompressionCodecName getCodecName() {
                return codec;
            }

            @Override
            public void release() {}
        };
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        if (codec != CompressionCodecName.UNCOMPRESSED && codec != CompressionCodecName.GZIP) {
            decompressor(codec); // refuses an unknown codec before the first page
        }
        return new BytesInputDecompressor() {
            @Override
            public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
                byte[] input = bytes.toByteArray();
                return BytesInput.from(decompress(input, 0, input.length, uncompressedSize));
            }

            @Override
            public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
                    throws IOException {
                byte[] compressed = new byte[compressedSize];
                input.duplicate().get(compressed);
                output.put(decompress(compressed, 0, compressedSize, uncompressedSize));
            }

            private byte[] decompress(byte[] input, int offset, int length, int uncompressedSize) throws IOException {
                return switch (codec) {
                    case UNCOMPRESSED -> java.util.Arrays.copyOfRange(input, offset, offset + length);
                    case GZIP -> {
                        try (InputStream gzip = new GZIPInputStream(new java.io.ByteArrayInputStream(input, offset, length))) {
                            yield gzip.readNBytes(uncompressedSize);
                        }
                    }
                    default -> {
                        byte[] output = new byte[uncompressedSize];
                        int written = decompressor(codec).decompress(input, offset, length, output, 0, uncompressedSize);
                        if (written != uncompressedSize) {
                            throw new IOException(codec + " page decompressed to " + written + " bytes, its header says "
                                    + uncompressedSize);
                        }
                        yield output;
                    }
                };
            }

            @Override
            public void release() {}
        };
    }

    private Compressor compressor(CompressionCodecName codec) {
        return switch (codec) {
            case SNAPPY -> SnappyCompressor.create();
            case ZSTD -> ZstdCompressor.create();
            case LZ4_RAW -> Lz4Compressor.create();
            default -> throw unsupported(codec);
        };
    }

    private Decompressor decompressor(CompressionCodecName codec) {
        return switch (codec) {
            case SNAPPY -> SnappyDecompressor.create();
            case ZSTD -> ZstdDecompressor.create();
            case LZ4_RAW -> Lz4Decompressor.create();
            default -> throw unsupported(codec);
        };
    }

    private ParquetFileException unsupported(CompressionCodecName codec) {
        return new ParquetFileException(file + ": compressed with " + codec + ", which big does not read (it reads"
                + " UNCOMPRESSED, SNAPPY, GZIP, ZSTD and LZ4_RAW); rewrite the file with one of those, e.g. DuckDB's"
                + " COPY ... TO 'f.parquet' (COMPRESSION zstd)");
    }

    @Override
    public void release() {}
}
