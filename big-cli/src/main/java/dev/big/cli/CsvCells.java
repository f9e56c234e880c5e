package dev.big.cli;

import de.siegmar.fastcsv.reader.AbstractBaseCsvCallbackHandler;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One CSV record's cells, copied out of fastcsv's buffer as its parser hands them over (a callback
 * handler, the same instance for every record), so a load converts a cell from its characters
 * without making a String of it. The record's cells stay until the next record begins.
 */
final class CsvCells extends AbstractBaseCsvCallbackHandler<CsvCells> {

    private char[] chars = new char[256];
    private int[] starts = new int[16];
    private int[] ends = new int[16];
    /** Per cell, whether it was quoted: {@code ""} is the empty string, an empty cell no value. */
    private boolean[] quoted = new boolean[16];
    private int count;
    private int length;
    private long line;

    @Override
    protected void handleBegin(long startingLineNumber) {
        line = startingLineNumber;
        count = 0;
        length = 0;
    }

    @Override
    protected void handleField(int fieldIdx, char[] buf, int offset, int len, boolean quoted) {
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
            ends = Arrays.copyOf(ends, count * 2);
            this.quoted = Arrays.copyOf(this.quoted, count * 2);
        }
        if (length + len > chars.length) {
            chars = Arrays.copyOf(chars, Math.max(chars.length * 2, length + len));
        }
        System.arraycopy(buf, offset, chars, length, len);
        starts[count] = length;
        this.quoted[count] = quoted;
        length += len;
        ends[count++] = length;
    }

    @Override
    protected CsvCells buildRecord() {
        return this;
    }

    /** The line the record starts on (1-based). */
    long line() {
        return line;
    }

    /** The record's cells. */
    int count() {
        return count;
    }

    /** The characters of every cell; cell {@code i} is {@code chars()[start(i), end(i))}. */
    char[] chars() {
        return chars;
    }

    int start(int i) {
        return starts[i];
    }

    int end(int i) {
        return ends[i];
    }

    boolean isEmpty(int i) {
        return starts[i] == ends[i];
    }

    /** Whether cell {@code i} is {@code ""}: empty but quoted, a value (the empty string or set), not no value. */
    boolean isQuotedEmpty(int i) {
        return starts[i] == ends[i] && quoted[i];
    }

    /** Cell {@code i} as a CharSequence over the record's characters, valid until the next call (no copy made). */
    CharSequence view(int i) {
        view.from = starts[i];
        view.to = ends[i];
        return view;
    }

    private final View view = new View();

    /** A window on the record's characters. */
    private final class View implements CharSequence {
        int from;
        int to;

        @Override
        public int length() {
            return to - from;
        }

        @Override
        public char charAt(int index) {
            if (index < 0 || index >= to - from) {
                throw new IndexOutOfBoundsException(index);
            }
            return chars[from + index];
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return toString().subSequence(start, end);
        }

        @Override
        public String toString() {
            return new String(chars, from, to - from);
        }
    }

    /** Cell {@code i} as a String. */
    String cell(int i) {
        return new String(chars, starts[i], ends[i] - starts[i]);
    }

    /** Every cell as a String. */
    List<String> cells() {
        List<String> cells = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            cells.add(cell(i));
        }
        return cells;
    }
}
