package dev.big.db.rowfile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * A writer of rows as lines of text (CSV, JSON Lines): each line is built whole in {@link #line}
 * and handed to the writer in one call, so an unbuffered writer costs one call per row, not one
 * per character; the writer's I/O errors come out unchecked, naming the format.
 */
abstract sealed class TextAnswerWriter implements AnswerWriter permits CsvAnswerWriter, JsonAnswerWriter {

    /** The line being built; {@link #writeLine} sends it. */
    final StringBuilder line = new StringBuilder(256);
    private final Writer out;
    private final String format;

    TextAnswerWriter(Writer out, String format) {
        this.out = out;
        this.format = format;
    }

    /** Sends {@link #line} and a line end to the writer. */
    final void writeLine() {
        line.append('\n');
        try {
            out.append(line);
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + format + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public final void finish() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + format + " failed: " + e.getMessage(), e);
        }
    }
}
