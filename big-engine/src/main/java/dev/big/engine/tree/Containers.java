package dev.big.engine.tree;

import static dev.big.page.PageFormat.LE_CHAR;

import dev.big.page.BitmapPage;
import dev.big.page.ContainerKind;
import dev.big.page.LeafPage;
import java.lang.foreign.MemorySegment;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.BitmapContainer;
import org.roaringbitmap.CharIterator;
import org.roaringbitmap.Container;
import org.roaringbitmap.RunContainer;

/**
 * Converts between the on-page encodings of a container and RoaringBitmap's heap containers,
 * and chooses the encoding a changed container is stored in.
 *
 * <p>Encoding rule (smallest that fits, ties to the simpler): a run container if its runs fit
 * inline ({@link LeafPage#MAX_RUNS}) and take fewer bytes than the array form would; else an
 * array if it has at most {@link LeafPage#MAX_ARRAY_VALUES} values; else a bitmap page.
 */
public final class Containers {

    /** A container in its final stored form: inline bytes, or the words of a bitmap page to write. */
    public sealed interface Encoded permits EncodedInline, EncodedBitmap {
        int cardinality();

        /** Bytes the cell takes in a leaf page. */
        int cellBytes();
    }

    public record EncodedInline(CellValue.Inline value) implements Encoded {
        @Override
        public int cardinality() {
            return value.cardinality();
        }

        @Override
        public int cellBytes() {
            return LeafPage.cellBytes(value.payload().length);
        }
    }

    public record EncodedBitmap(long[] words, int cardinality) implements Encoded {
        @Override
        public int cellBytes() {
            return LeafPage.cellBytes(LeafPage.BITMAP_REF_BYTES);
        }
    }

    /** A heap container equal to an inline array or run payload. */
    public static Container decodeInline(ContainerKind kind, int cardinality, MemorySegment source, long offset, int length) {
        return switch (kind) {
            case ARRAY -> {
                char[] values = new char[Math.max(cardinality, 4)];
                MemorySegment.copy(source, LE_CHAR, offset, values, 0, cardinality);
                yield new ArrayContainer(cardinality, values);
            }
            case RUN -> {
                int runs = length / 4;
                char[] pairs = new char[Math.max(2 * runs, 4)];
                MemorySegment.copy(source, LE_CHAR, offset, pairs, 0, 2 * runs);
                yield new RunContainer(pairs, runs);
            }
            default -> throw new IllegalArgumentException(kind + " is not an inline container");
        };
    }

    public static Container decodeInline(CellValue.Inline inline) {
        return decodeInline(inline.kind(), inline.cardinality(), MemorySegment.ofArray(inline.payload()), 0,
                inline.payload().length);
    }

    /** A heap copy of a (verified) bitmap page. */
    public static Container decodeBitmap(MemorySegment page, int cardinality) {
        long[] words = new long[BitmapPage.WORDS];
        BitmapPage.read(page, words);
        return new BitmapContainer(words, cardinality);
    }

    /** The stored form of {@code container}, or {@code null} if it is empty. */
    public static Encoded encode(Container container) {
        int cardinality = container.getCardinality();
        if (cardinality == 0) {
            return null;
        }
        Container optimized = container.runOptimize();
        if (optimized instanceof RunContainer run) {
            int runs = run.numberOfRuns();
            if (runs <= LeafPage.MAX_RUNS && 4 * runs < 2 * cardinality) {
                return new EncodedInline(new CellValue.Inline(ContainerKind.RUN, cardinality, runPayload(run, runs)));
            }
        }
        if (cardinality <= LeafPage.MAX_ARRAY_VALUES) {
            return new EncodedInline(new CellValue.Inline(ContainerKind.ARRAY, cardinality, arrayPayload(container, cardinality)));
        }
        long[] words = new long[BitmapPage.WORDS];
        container.copyBitmapTo(words, 0);
        return new EncodedBitmap(words, cardinality);
    }

    private static byte[] runPayload(RunContainer run, int runs) {
        byte[] payload = new byte[4 * runs];
        MemorySegment out = MemorySegment.ofArray(payload);
        for (int j = 0; j < runs; j++) {
            out.set(LE_CHAR, 4L * j, run.getValue(j));
            out.set(LE_CHAR, 4L * j + 2, run.getLength(j));
        }
        return payload;
    }

    private static byte[] arrayPayload(Container container, int cardinality) {
        byte[] payload = new byte[2 * cardinality];
        MemorySegment out = MemorySegment.ofArray(payload);
        if (container instanceof ArrayContainer array) {
            // One bulk copy: ingest re-encodes thousands of array containers per commit.
            MemorySegment.copy(array.toCharBuffer().array(), 0, out, LE_CHAR, 0, cardinality);
            return payload;
        }
        CharIterator values = container.getCharIterator();
        for (int j = 0; values.hasNext(); j++) {
            out.set(LE_CHAR, 2L * j, values.next());
        }
        return payload;
    }

    /** An empty container to add bits to. */
    public static Container empty() {
        return new ArrayContainer();
    }

    private Containers() {}
}
