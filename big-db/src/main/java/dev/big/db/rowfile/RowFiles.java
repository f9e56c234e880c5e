package dev.big.db.rowfile;

import dev.big.db.sql.ColumnType;
import dev.big.db.sql.SqlCursor;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.GZIPOutputStream;

/**
 * Writes the rows of an answer to a file or a stream as CSV, JSON Lines or Parquet: what SQL's
 * {@code COPY ... TO} and the CLI's {@code big export --format} both call. Rows are read from the
 * cursor and written one at a time, so memory stays bounded whatever the answer's size.
 *
 * <p>A file is written whole or not at all: the rows go to a hidden sibling
 * ({@code .NAME.writing-RANDOM}, in the same directory so the last step is a rename), which is
 * forced to disk and then renamed over the file; a failure on the way deletes it and leaves any
 * earlier file of that name as it was. An existing file is replaced, as DuckDB's COPY replaces it.
 */
public final class RowFiles {

    /** Rows are written through a buffer of this size, so a row costs no system call. */
    private static final int BUFFER_BYTES = 1 << 20;

    /**
     * A writer of rows of {@code columns} (of the answer's {@code types}) to {@code out} in
     * {@code format}, called {@code name} in messages; a CSV writer writes its header now.
     */
    public static AnswerWriter writer(RowFormat format, RowFileOptions options, OutputStream out, String name,
            List<String> columns, List<ColumnType> types) {
        return switch (format) {
            case CSV -> new CsvAnswerWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), columns, options);
            case JSON -> new JsonAnswerWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), columns);
            case PARQUET -> parquetWriters(name).open(out, name, columns, types);
        };
    }

    /**
     * Writes the rows {@code cursor} has left to {@code out} (which stays open, as does the cursor)
     * and returns how many it wrote.
     */
    public static long write(SqlCursor cursor, RowFormat format, RowFileOptions options, OutputStream out, String name) {
        return writeAll(writer(format, options, out, name, cursor.columns(), cursor.types()), cursor);
    }

    /** Writes the rows {@code rows} has left with {@code writer}, finishes it, and returns how many it wrote. */
    public static long writeAll(AnswerWriter writer, Iterator<? extends List<?>> rows) {
        long count = 0;
        while (rows.hasNext()) {
            writer.write(rows.next());
            count++;
        }
        writer.finish();
        return count;
    }

    /**
     * Writes the rows {@code cursor} has left to {@code file}, replacing the file if it exists,
     * and returns how many it wrote. Text formats are gzipped when the name ends in {@code .gz}.
     * A directory that is missing or cannot be written is refused with {@link RowFileException}.
     */
    public static long writeFile(SqlCursor cursor, RowFormat format, RowFileOptions options, Path file) {
        Path target = file.toAbsolutePath();
        Path temporary = createSibling(file, target);
        boolean success = false;
        try {
            long rows;
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                OutputStream buffered = new BufferedOutputStream(Channels.newOutputStream(channel), BUFFER_BYTES);
                GZIPOutputStream gzip = format.gzipped(file.toString()) ? new GZIPOutputStream(buffered, 1 << 16) : null;
                rows = write(cursor, format, options, gzip != null ? gzip : buffered, file.toString());
                if (gzip != null) {
                    gzip.finish();
                }
                buffered.flush();
                // On disk before the rename, so a crash cannot leave the file's name on rows not yet written.
                channel.force(true);
            }
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            success = true;
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + file + " failed: " + reason(e) + "; nothing was written to "
                    + file, e);
        } finally {
            if (!success) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException e) {
                    // The write already failed with the error that matters; the hidden file names itself.
                }
            }
        }
    }

    /** The empty hidden file next to {@code target} that the rows go to first; refuses a target that cannot be written. */
    private static Path createSibling(Path file, Path target) {
        if (Files.isDirectory(target)) {
            throw new RowFileException("cannot write " + file + ": it is a directory; name a file (" + file.resolve("rows.csv")
                    + ", say)");
        }
        Path directory = target.getParent();
        if (directory == null || !Files.isDirectory(directory)) {
            String why = directory != null && Files.exists(directory) ? " is a file, not a directory" : " does not exist";
            throw new RowFileException("cannot write " + file + ": directory " + directory + why
                    + "; create the directory first, or write somewhere else");
        }
        Path temporary = directory.resolve("." + target.getFileName() + ".writing-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong()));
        try {
            Files.newByteChannel(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
            return temporary;
        } catch (AccessDeniedException e) {
            throw new RowFileException("cannot write " + file + ": directory " + directory + " is not writable (permission"
                    + " denied); write somewhere else, or change the directory's permissions", e);
        } catch (IOException e) {
            throw new RowFileException("cannot write " + file + " in directory " + directory + ": " + reason(e)
                    + "; write somewhere else", e);
        }
    }

    private static String reason(IOException e) {
        String reason = e instanceof FileSystemException fs && fs.getReason() != null ? fs.getReason() : e.getMessage();
        return reason == null ? e.getClass().getSimpleName() : reason;
    }

    /**
     * The Parquet writers that big-parquet provides, looked for where big-db was loaded from, then
     * where the calling thread loads classes from (an application server's or a tool's driver
     * class loader may hold big-parquet apart from big-db).
     */
    private static ParquetWriterProvider parquetWriters(String name) {
        for (ClassLoader loader : new ClassLoader[] {RowFiles.class.getClassLoader(), Thread.currentThread().getContextClassLoader()}) {
            var found = ServiceLoader.load(ParquetWriterProvider.class, loader).findFirst();
            if (found.isPresent()) {
                return found.get();
            }
        }
        throw new RowFileException("cannot write " + name + " as Parquet: big writes Parquet through the module"
                + " big-parquet, which is not on the class path; add the dependency dev.big:big-parquet (the version of"
                + " big-db) to the application (on the module path: the module dev.big.parquet), or write CSV or JSON");
    }

    private RowFiles() {}
}
