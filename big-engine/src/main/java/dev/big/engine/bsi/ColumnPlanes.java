package dev.big.engine.bsi;

import dev.big.engine.coords.Coords;
import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.Tree;
import dev.big.page.BitmapPage;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.Container;
import org.roaringbitmap.PeekableCharIterator;

/**
 * The exists row, the sign row and the magnitude planes of one container column (65,536
 * records) of a BSI fragment, fetched with one tree descent ({@link Tree#findMany}) or taken from
 * a snapshot's {@link PlaneDirectory}.
 *
 * <p>Two ways to read a row: {@link #words} gives its 1,024 words as native memory (a bitmap
 * page where it lies, or an array or run expanded into native scratch), for full-width loops;
 * {@link #view} reads single bits where they lie, for point reads, sparse candidate sets and
 * columns with few records ({@link #fewWithValues}, {@link #magnitude}). Reused across columns
 * and queries by one thread; not thread-safe.
 */
final class ColumnPlanes {

    static final int ROWS = BsiLayout.FIRST_PLANE_ROW + BsiLayout.MAX_PLANES;

    /**
     * Records per container column up to which a sum or a range is computed record by record,
     * each bit tested where its row lies ({@link #fewWithValues}), instead of expanding every row of
     * the column into 1,024 words for the word kernels. Measured with {@link PlaneAggregates} on
     * 20,000 records of a 20-bit field (medians in one JVM): with ids 65,536 apart, one record a
     * column, the sum of all took 58 ms with the kernels and 6-12 ms this way (0.15 ms with dense
     * ids), a sum under a filter 13.5 and 2.5-3.1 ms; at 16 records a column 6.2 and 3.6 ms; at 64 a
     * column this way was the slower (2.7 against 4.9 ms for the sum of all).
     */
    static final int FEW_RECORDS = 16;

    // Made on first use of a tree load: readers that go through snapshot directories (a reader
    // made per statement, say) never need them, and zeroing them was a fifth of a point read.
    private long[] keys;
    private ContainerView[] own;
    private MemorySegment[] words;
    private MemorySegment[] scratch;
    /** The rows in use: {@link #own}, or a shared directory's. */
    private ContainerView[] views;
    /** The directory the rows come from, if any (it keeps expanded rows for the snapshot). */
    private PlaneDirectory directory;
    private long[] expand;
    private int depth;

    ColumnPlanes() {
    }

    /**
     * Fetches the rows of container column {@code column} (0..15) for {@code depth} planes.
     * Returns false when the column holds no values (its exists container is absent).
     */
    boolean load(Tree tree, int column, int depth) {
        if (own == null) {
            keys = new long[ROWS];
            own = new ContainerView[ROWS];
            words = new MemorySegment[ROWS];
            scratch = new MemorySegment[ROWS];
            for (int r = 0; r < ROWS; r++) {
                own[r] = new ContainerView();
            }
        }
        this.depth = depth;
        this.views = own;
        this.directory = null;
        int rows = BsiLayout.FIRST_PLANE_ROW + depth;
        for (int r = 0; r < rows; r++) {
            keys[r] = Coords.containerKeyOf(r, column);
            words[r] = null;
        }
        tree.findMany(keys, rows, views);
        return !views[0].isEmpty();
    }

    /** Uses the rows of a snapshot's directory (no descent). Returns false when the column is empty. */
    boolean load(PlaneDirectory directory) {
        this.depth = directory.depth;
        this.views = directory.rows;
        this.directory = directory;
        return !views[0].isEmpty();
    }

    int depth() {
        return depth;
    }

    /** The rows as bitmap pages when the column came from a directory whose rows all are (see {@link PlaneDirectory#bitmapRows}), else null. */
    MemorySegment[] bitmapRows() {
        return directory != null ? directory.bitmapRows : null;
    }

    ContainerView exists() {
        return views[0];
    }

    ContainerView sign() {
        return views[1];
    }

    ContainerView plane(int bit) {
        return views[BsiLayout.FIRST_PLANE_ROW + bit];
    }

    /** The words of row {@code row} (0 exists, 1 sign, 2+ planes), or null if the row is empty here. */
    MemorySegment words(int row) {
        if (directory != null) {
            return directory.words(row);
        }
        MemorySegment w = words[row];
        if (w != null) {
            return w;
        }
        ContainerView view = views[row];
        if (view.isEmpty()) {
            return null;
        }
        w = RowWords.inPlace(view);
        if (w == null) {
            w = scratch[row];
            if (w == null) {
                w = Arena.ofAuto().allocate(BitmapPage.WORDS * 8L, 8);
                scratch[row] = w;
            }
            if (expand == null) {
                expand = new long[BitmapPage.WORDS];
            }
            RowWords.expand(view, w, expand);
        }
        words[row] = w;
        return w;
    }

    /**
     * The words of row {@code row} when they can be read without a copy: a bitmap page where it
     * lies, or a row the snapshot's directory keeps expanded. Null otherwise (an empty row, or an
     * array or run row of a column loaded from a tree), where {@link #view} answers bit tests.
     */
    MemorySegment wordsInPlace(int row) {
        if (directory != null) {
            return directory.words(row);
        }
        return RowWords.inPlace(views[row]) == null ? null : words(row);
    }

    MemorySegment planeWords(int bit) {
        return words(BsiLayout.FIRST_PLANE_ROW + bit);
    }

    /** Row {@code row} where it lies, for single-bit tests. */
    ContainerView view(int row) {
        return views[row];
    }

    static int planeRow(int bit) {
        return BsiLayout.FIRST_PLANE_ROW + bit;
    }

    /** Bit {@code bit} of the magnitude of the record at {@code low}, 1 or 0 (see {@link ContainerView#bit}). */
    long planeBit(int bit, int low) {
        return views[BsiLayout.FIRST_PLANE_ROW + bit].bit(low);
    }

    /** Whether the record at {@code low} has bit {@code bit} of its magnitude set. */
    boolean planeContains(int bit, int low) {
        return views[BsiLayout.FIRST_PLANE_ROW + bit].contains(low);
    }

    /**
     * The records of this column that have a value, among {@code filter} if not null, when there
     * are at most {@link #FEW_RECORDS} to look at (the filter's records in this column, or the
     * column's own); null when there are more, for the word kernels. Read in place: no row is
     * expanded. Always an array container, as RoaringBitmap keeps so few values (an exists row
     * can be a bitmap page with few records left).
     */
    Container fewWithValues(Container filter) {
        ContainerView exists = views[0];
        Container candidates;
        if (filter != null && filter.getCardinality() <= FEW_RECORDS) {
            candidates = filter;
        } else if (exists.cardinality() <= FEW_RECORDS) {
            candidates = exists.toContainer();
        } else {
            return null;
        }
        Container records = new ArrayContainer();
        PeekableCharIterator it = candidates.getCharIterator();
        while (it.hasNext()) {
            char low = it.next();
            if (exists.contains(low) && (filter == null || filter.contains(low))) {
                records = records.add(low);
            }
        }
        return records;
    }

    /** The magnitude of the record at {@code low}, its bits tested where each plane's row lies. */
    long magnitude(int low) {
        long magnitude = 0;
        for (int bit = 0; bit < depth; bit++) {
            magnitude |= views[BsiLayout.FIRST_PLANE_ROW + bit].contains(low) ? 1L << bit : 0;
        }
        return magnitude;
    }

    /** Whether the record at {@code low} holds a value below the field's base. */
    boolean negative(int low) {
        return views[1].contains(low);
    }

    /** Whether row {@code row} holds no bits in this column. */
    boolean isEmpty(int row) {
        return views[row].isEmpty();
    }

    /** Whether a row is a full container (every record of the column), e.g. a dense exists row. */
    boolean isFull(int row) {
        return views[row].cardinality() == BitmapPage.BITS;
    }
}
