package dev.big.page;

/**
 * The accounting class of a page: what part of the database it serves. Metrics and the
 * amplification tests count pages and bytes written per class.
 *
 * <p>Tree pages record their class in the header's {@code PageHeader.OWNER} byte, so a branch page
 * of the roots tree counts as {@link #ROOTS} and a leaf or branch of a fragment tree as {@link
 * #DATA}. A bitmap container page has no header and counts as {@link #BITMAP}: a commit that sets
 * one bit of a dense container copies a whole 8 KiB bitmap page, and that cost is told apart from
 * the tree pages (and the summaries they carry) above it. {@code BITMAP} is never written into a
 * header.
 */
public enum PageClass {
    META(1, "meta"),
    CATALOG(2, "catalog"),
    ROOTS(3, "roots"),
    /** Leaf and branch pages of the fragment trees: cells, inline containers, summaries. */
    DATA(4, "data"),
    FREE(5, "free"),
    /** Headerless bitmap container pages (8 KiB of bits), the fragment trees' large containers. */
    BITMAP(6, "bitmap"),
    /**
     * The write log beside the file (format 4): the 8 KiB stretches of it a logged commit wrote
     * into. Not a page of the file, and never written into a header.
     */
    LOG(7, "log");

    private final int code;
    private final String label;

    PageClass(int code, String label) {
        this.code = code;
        this.label = label;
    }

    public int code() {
        return code;
    }

    public String label() {
        return label;
    }

    private static final PageClass[] BY_CODE = {null, META, CATALOG, ROOTS, DATA, FREE, BITMAP, LOG};

    public static PageClass ofCode(int code) {
        return code > 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
