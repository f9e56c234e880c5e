package dev.big.cli;

import java.io.BufferedInputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * An input file of a load, opened: its bytes as the rows are read from them (decompressed when the
 * name ends in {@code .gz}), and how many bytes of the file itself were read, for progress.
 *
 * <p>A file that starts with the magic bytes of a compression format but is not named {@code .gz}
 * (or of Parquet, but is read as CSV or JSON Lines) is refused with what it is and what to do,
 * rather than read as text (which put raw bytes into the first error message).
 */
final class OpenedInput implements AutoCloseable {

    /** Leading bytes of compressed formats, and their names. */
    private static final byte[][] MAGICS = {
        {0x1f, (byte) 0x8b}, {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd}, {'B', 'Z', 'h'},
        {(byte) 0xfd, '7', 'z', 'X', 'Z', 0}, {'P', 'K', 3, 4}, {'P', 'A', 'R', '1'},
    };
    private static final String[] MAGIC_NAMES = {"gzip", "zstd", "bzip2", "xz", "zip", "parquet"};

    private final String name;
    private final CountingInputStream fileBytes;
    private InputStream data;

    private OpenedInput(String name, CountingInputStream fileBytes, InputStream data) {
        this.name = name;
        this.fileBytes = fileBytes;
        this.data = data;
    }

    /** {@code file} (null: stdin, called {@code name} in messages), decompressed if its name ends in .gz. */
    static OpenedInput open(Path file, String name) {
        InputStream raw;
        try {
            raw = file == null ? new FileInputStream(FileDescriptor.in) : Files.newInputStream(file);
        } catch (IOException e) {
            throw new UncheckedIOException("opening " + name + " failed: " + e.getMessage(), e);
        }
        CountingInputStream counted = new CountingInputStream(raw);
        BufferedInputStream buffered = new BufferedInputStream(counted, 1 << 16);
        boolean success = false;
        try {
            String compression = compression(buffered);
            InputStream data;
            if (isGzipName(name)) {
                if (!"gzip".equals(compression)) {
                    throw new CliException(ExitCodes.DATA_ERROR, name + " is named .gz but is not gzip-compressed"
                            + (compression == null ? "" : " (it is " + compression + ")") + "; rename it without .gz if it is"
                            + " plain text");
                }
                data = new GZIPInputStream(buffered, 1 << 16);
            } else if ("parquet".equals(compression)) {
                throw new CliException(ExitCodes.DATA_ERROR, name + " is a Parquet file (it starts with PAR1), not text: "
                        + (file == null ? "Parquet cannot be read from stdin; name the file" : "name it .parquet or pass"
                                + " --format parquet"));
            } else if (compression != null) {
                throw new CliException(ExitCodes.DATA_ERROR, name + " is " + compression + "-compressed (it starts with "
                        + compression + "'s magic bytes), not text: "
                        + (compression.equals("gzip") ? "name it " + name + ".gz and big load reads it as it is, or decompress it"
                                : "big load reads plain or gzip (.gz) files; decompress it first")
                        + (file == null ? "" : " (or pipe it: " + compression + " -dc " + name + " | big load DB TABLE -)"));
            } else {
                data = buffered;
            }
            success = true;
            return new OpenedInput(name, counted, data);
        } catch (ZipException e) {
            throw new CliException(ExitCodes.DATA_ERROR, name + ": not a valid gzip file (" + e.getMessage() + ")", e);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + name + " failed: " + e.getMessage(), e);
        } finally {
            if (!success) {
                closeQuietly(buffered);
            }
        }
    }

    /** Whether the name ends in .gz (any case); the format is then decided by the name without it. */
    static boolean isGzipName(String name) {
        return name.toLowerCase(Locale.ROOT).endsWith(".gz");
    }

    /** The compression format {@code in} starts with, or null; reads nothing away. */
    private static String compression(BufferedInputStream in) throws IOException {
        in.mark(8);
        byte[] head = in.readNBytes(6);
        in.reset();
        for (int i = 0; i < MAGICS.length; i++) {
            byte[] magic = MAGICS[i];
            if (head.length >= magic.length && Arrays.equals(head, 0, magic.length, magic, 0, magic.length)) {
                return MAGIC_NAMES[i];
            }
        }
        return null;
    }

    String name() {
        return name;
    }

    /** The bytes rows are read from. */
    InputStream data() {
        return data;
    }

    /**
     * Marks where reading is now, so that {@link #rewind} returns to it after at most
     * {@code maxBytes} have been read (a schema inference's sample; stdin cannot be opened twice).
     */
    void mark(int maxBytes) {
        data = new BufferedInputStream(data, 1 << 16);
        data.mark(maxBytes);
    }

    /** Back to the {@link #mark}. */
    void rewind() {
        try {
            data.reset();
        } catch (IOException e) {
            throw new IllegalStateException("read past the mark of " + name, e);
        }
    }

    /** Bytes of the file (compressed, if it is) read so far. */
    long bytesRead() {
        return fileBytes.count();
    }

    @Override
    public void close() {
        closeQuietly(data);
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // Reading is over; a failing close of an input changes nothing that was loaded.
        }
    }
}
