package dev.big.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where {@code big load --skip-bad FILE} puts the rows it could not load: per row, the reason in
 * the {@code FILE:LINE: field 'x': problem} form, then the row as it was read on the next line,
 * indented by a tab. The file is created (or emptied) when the load starts.
 */
final class RejectFile implements AutoCloseable {

    private final Path path;
    private final BufferedWriter out;
    private long rows;

    RejectFile(Path path) {
        this.path = path;
        try {
            this.out = Files.newBufferedWriter(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CliException(ExitCodes.CANNOT_CREATE, "cannot write the reject file " + path + ": "
                    + Failures.message(new UncheckedIOException(e)), e);
        }
    }

    void reject(BadRowException bad) {
        try {
            out.write(bad.getMessage());
            out.newLine();
            out.write('\t');
            out.write(bad.rowText().replace("\n", "\n\t"));
            out.newLine();
            rows++;
        } catch (IOException e) {
            throw new UncheckedIOException("writing the reject file " + path + " failed: " + e.getMessage(), e);
        }
    }

    long rows() {
        return rows;
    }

    Path path() {
        return path;
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("writing the reject file " + path + " failed: " + e.getMessage(), e);
        }
    }
}
