package dev.big.page;

/**
 * How a leaf cell stores its value. The first three are Roaring containers of one 2^16-bit
 * chunk of a row; {@link #BYTES} is an opaque value used by the roots, catalog and dictionary
 * trees.
 */
public enum ContainerKind {
    /** Sorted u16 values inline in the cell; at most {@link LeafPage#MAX_ARRAY_VALUES}. */
    ARRAY(1),
    /** (start, length - 1) u16 pairs inline in the cell; at most {@link LeafPage#MAX_RUNS}. */
    RUN(2),
    /** A {@link BitmapPage} of its own; the cell holds its page number and checksum. */
    BITMAP(3),
    /** Opaque bytes inline in the cell. */
    BYTES(4);

    private final int code;

    ContainerKind(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    private static final ContainerKind[] BY_CODE = {null, ARRAY, RUN, BITMAP, BYTES};

    /** The kind stored as {@code code}, or {@code null}. */
    public static ContainerKind ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
