package dev.big.db.exchange;

import dev.big.engine.Cell;
import dev.big.engine.ContainerPayloads;
import dev.big.page.BitmapPage;
import dev.big.page.ContainerKind;
import dev.big.page.LeafPage;
import dev.big.page.PageFormat;
import java.lang.foreign.MemorySegment;
import org.roaringbitmap.Container;

/**
 * One container of a fragment body (see {@link ExportFormat}): written straight from a committed
 * leaf cell or bitmap page, read back as a heap container (or the bytes of an opaque cell). The
 * payload encodings are those of the leaf and bitmap pages, so writing copies without decoding.
 */
final class StreamContainers {

    /** A container read from a stream: a Roaring container, or the value of a BYTES cell. */
    record Entry(long key, Container container, byte[] bytes) {}

    /** Writes the container {@code view} shows (a committed one: the exporter reads a snapshot). */
    static void write(BodyWriter out, Cell view) {
        if (view.heapContainer() != null) {
            throw new IllegalStateException("export reads committed containers only");
        }
        ContainerKind kind = view.kind();
        out.u64(view.key()).u8(kind.code());
        switch (kind) {
            case ARRAY -> {
                int cardinality = view.cardinality();
                out.u32(cardinality).u32(2L * cardinality);
                for (int j = 0; j < cardinality; j++) {
                    out.u16(view.arrayValue(j));
                }
            }
            case RUN -> {
                int runs = view.inlineCount();
                out.u32(view.cardinality()).u32(4L * runs);
                for (int j = 0; j < runs; j++) {
                    out.u16(view.runStart(j)).u16(view.runLengthMinusOne(j));
                }
            }
            case BITMAP -> {
                out.u32(view.cardinality()).u32(BitmapPage.WORDS * 8L);
                for (int i = 0; i < BitmapPage.WORDS; i++) {
                    out.u64(view.word(i));
                }
            }
            case BYTES -> {
                byte[] bytes = view.bytes();
                out.u32(0).u32(bytes.length).bytes(bytes);
            }
        }
    }

    /** Reads one container, checking that its payload length and cardinality agree with its kind. */
    static Entry read(BodyReader in) {
        long key = in.u64();
        int code = in.u8();
        ContainerKind kind = ContainerKind.ofCode(code);
        long cardinality = in.u32();
        long length = in.u32();
        if (kind == null) {
            throw in.corrupt("container " + Long.toUnsignedString(key) + " has unknown kind " + code);
        }
        boolean lengthOk = switch (kind) {
            case ARRAY -> cardinality >= 1 && cardinality <= LeafPage.MAX_ARRAY_VALUES && length == 2 * cardinality;
            case RUN -> length >= 4 && length % 4 == 0 && length <= LeafPage.MAX_PAYLOAD_BYTES && cardinality >= 1
                    && cardinality <= 1 << 16;
            case BITMAP -> length == BitmapPage.WORDS * 8L && cardinality >= 1 && cardinality <= 1 << 16;
            case BYTES -> length <= LeafPage.MAX_PAYLOAD_BYTES;
        };
        if (!lengthOk) {
            throw in.corrupt("container " + Long.toUnsignedString(key) + " (" + kind + ") has cardinality "
                    + cardinality + " and a payload of " + length + " bytes, which do not fit together");
        }
        byte[] payload = in.bytes(length);
        MemorySegment segment = MemorySegment.ofArray(payload);
        Container container = switch (kind) {
            case ARRAY, RUN, BITMAP -> ContainerPayloads.decode(kind, (int) cardinality, segment);
            case BYTES -> null;
        };
        long actual = switch (kind) {
            case ARRAY -> ascending(payload) ? cardinality : -1;
            case RUN -> container.getCardinality();
            case BITMAP -> bitCount(payload);
            case BYTES -> cardinality;
        };
        if (actual != cardinality) {
            throw in.corrupt("container " + Long.toUnsignedString(key) + " (" + kind + ") says it holds " + cardinality
                    + " values but " + (actual < 0 ? "its values are not strictly ascending" : "holds " + actual));
        }
        return new Entry(key, container, container == null ? payload : null);
    }

    private static boolean ascending(byte[] payload) {
        int previous = -1;
        for (int i = 0; i < payload.length; i += 2) {
            int value = Byte.toUnsignedInt(payload[i]) | Byte.toUnsignedInt(payload[i + 1]) << 8;
            if (value <= previous) {
                return false;
            }
            previous = value;
        }
        return true;
    }

    private static long bitCount(byte[] payload) {
        MemorySegment words = MemorySegment.ofArray(payload);
        long count = 0;
        for (int i = 0; i < BitmapPage.WORDS; i++) {
            count += Long.bitCount(words.get(PageFormat.LE_LONG, 8L * i));
        }
        return count;
    }

    private StreamContainers() {}
}
