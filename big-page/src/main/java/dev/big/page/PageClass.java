package dev.big.page;

/**
 * The accounting class of a page: what part of the database it serves. Metrics and the
 * amplification tests count pages and bytes written per class.
 *
 * <p>Tree pages record their class in the header's {@code PageHeader.OWNER} byte, so a branch page
 * of the roots tree counts as {@link #ROOTS} and a branch of a fragment tree as {@link #DATA}.
 */
public enum PageClass {
    META(1, "meta"),
    CATALOG(2, "catalog"),
    ROOTS(3, "roots"),
    DATA(4, "data"),
    FREE(5, "free");

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

    private static final PageClass[] BY_CODE = {null, META, CATALOG, ROOTS, DATA, FREE};

    public static PageClass ofCode(int code) {
        return code > 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
