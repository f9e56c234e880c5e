package dev.big.page;

/**
 * The kinds of page in a big file, as stored in the {@code PageHeader.KIND} byte.
 *
 * <p>{@link #BITMAP} pages have no header at all (8,192 bytes of bits); their kind is known only
 * from the leaf cell that points to them, so its code never appears on disk.
 */
public enum PageKind {
    META(1, "meta"),
    BRANCH(2, "branch"),
    LEAF(3, "leaf"),
    FREELIST(4, "freelist"),
    ROOTS(5, "roots"),
    CATALOG(6, "catalog"),
    BITMAP(0, "bitmap");

    private final int code;
    private final String label;

    PageKind(int code, String label) {
        this.code = code;
        this.label = label;
    }

    public int code() {
        return code;
    }

    public String label() {
        return label;
    }

    /** Headed kinds by code; {@code values()} would copy the array on every page read. */
    private static final PageKind[] BY_CODE = {null, META, BRANCH, LEAF, FREELIST, ROOTS, CATALOG};

    /** The kind stored as {@code code}, or {@code null} if no headed kind has that code. */
    public static PageKind ofCode(int code) {
        return code > 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** Whether pages of this kind hold cells in the leaf layout ({@link LeafPage}). */
    public boolean isLeafLayout() {
        return this == LEAF || this == ROOTS || this == CATALOG;
    }
}
