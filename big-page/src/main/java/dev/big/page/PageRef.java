package dev.big.page;

/**
 * A link from a parent to a child page: the child's page number and the checksum the child must
 * have. Every link in a big file carries the child's checksum, so a stale, torn or misdirected
 * child is caught by the reader that follows the link.
 *
 * <p>Page number 0 is a meta page and never a child, so {@link #NONE} (page 0) means "no page",
 * for example an empty tree.
 */
public record PageRef(long pgno, long checksum) {

    public static final PageRef NONE = new PageRef(0, 0);

    public boolean isNone() {
        return pgno == 0;
    }

    @Override
    public String toString() {
        return isNone() ? "none" : "page " + pgno + " (checksum " + CorruptPageException.hex(checksum) + ")";
    }
}
