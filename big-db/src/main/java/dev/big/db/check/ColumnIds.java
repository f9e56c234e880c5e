package dev.big.db.check;

import dev.big.engine.Cell;
import dev.big.engine.Fragment;
import dev.big.engine.bsi.BsiLayout;
import dev.big.engine.coords.Coords;
import dev.big.page.ContainerKind;
import java.util.Arrays;

/**
 * The id each record of one shard has in a keyed or set field's bit planes (a keyed field's
 * dictionary id, a set field's set id), by container column: what reading a record back answers
 * from. Decoded in one walk of the fragment, whose container keys are row-major: the exists row
 * ({@link BsiLayout#EXISTS_ROW}) of every column comes first, then the sign row (an id is never
 * negative, but a damaged file may say so, and the check reports what reading gives), then each
 * magnitude plane, which sets its bit in the ids of the records it holds.
 *
 * <p>A column's 65,536 ids are allocated once and kept across shards and fields, and only the
 * entries of records with an id are written (zeroed 64 at a time where the exists row has a bit,
 * then each plane's bit set): a column with a few records costs its exists row's 1,024 words and its records, not
 * 65,536 entries. An entry of a record without an id holds whatever an earlier shard left, or
 * plane bits outside the exists row (the store's check reports those); {@link #has} says which
 * entries to read.
 */
final class ColumnIds {

    private static final int COLUMNS = Coords.CONTAINERS_PER_ROW;
    private static final long LAST_PLANE_ROW = BsiLayout.planeRow(BsiLayout.MAX_PLANES - 1);

    private final ColumnWords columnWords;
    private final long[][] existsWords = new long[COLUMNS][];
    private final boolean[] hasExists = new boolean[COLUMNS];
    private final long[][] signWords = new long[COLUMNS][];
    private final boolean[] hasSign = new boolean[COLUMNS];
    private final long[][] magnitudes = new long[COLUMNS][];
    private long base;

    ColumnIds(ColumnWords columnWords) {
        this.columnWords = columnWords;
    }

    /** Decodes {@code planes}, a fragment of a field whose stored ids lie {@code base} apart from its values. */
    void read(Fragment planes, long base) {
        this.base = base;
        Arrays.fill(hasExists, false);
        Arrays.fill(hasSign, false);
        planes.forEachCell(0, -1L, view -> {
            if (view.kind() == ContainerKind.BYTES || view.isEmpty()) {
                return true; // not bits: the store's check reports a cell of the wrong kind
            }
            long row = Coords.rowOfKey(view.key());
            int c = Coords.containerColumnOfKey(view.key());
            if (row == BsiLayout.EXISTS_ROW) {
                readExists(c, view);
            } else if (!hasExists[c]) {
                return true;
            } else if (row == BsiLayout.SIGN_ROW) {
                signWords[c] = filled(signWords[c], view);
                hasSign[c] = true;
            } else if (row <= LAST_PLANE_ROW) {
                // Each plane row is visited once and holds a record once, so XOR sets its bit as OR would.
                columnWords.xorEach(view, 1L << (row - BsiLayout.FIRST_PLANE_ROW), magnitudes[c]);
            }
            return true;
        });
    }

    private void readExists(int c, Cell view) {
        existsWords[c] = filled(existsWords[c], view);
        hasExists[c] = true;
        if (magnitudes[c] == null) {
            magnitudes[c] = new long[1 << Coords.CONTAINER_BITS];
        }
        long[] ids = magnitudes[c];
        long[] words = existsWords[c];
        for (int i = 0; i < ColumnWords.WORDS; i++) {
            if (words[i] != 0) {
                Arrays.fill(ids, i * 64, i * 64 + 64, 0L);
            }
        }
    }

    private static long[] filled(long[] words, Cell view) {
        if (words == null) {
            words = new long[ColumnWords.WORDS];
        } else {
            Arrays.fill(words, 0);
        }
        view.orWordsInto(words);
        return words;
    }

    /** The exists row of column {@code c}: the records that have an id there; null if none has. */
    long[] exists(int c) {
        return hasExists[c] ? existsWords[c] : null;
    }

    /** Whether record {@code low} of column {@code c} has an id. */
    boolean has(int c, int low) {
        return hasExists[c] && (existsWords[c][low >>> 6] & (1L << low)) != 0;
    }

    /** The id of record {@code low} of column {@code c}, which {@link #has} one, as reading it back gives. */
    long id(int c, int low) {
        long magnitude = magnitudes[c][low];
        boolean negative = hasSign[c] && (signWords[c][low >>> 6] & (1L << low)) != 0;
        return negative ? base - magnitude : base + magnitude;
    }
}
