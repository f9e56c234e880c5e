package dev.big.page;

/**
 * A page failed verification: its checksum, identity or structure is not what its parent or its
 * own header promised. big never answers from such a page.
 */
public final class CorruptPageException extends BigException {

    private final String file;
    private final long pageNumber;
    private final PageKind kind;

    public CorruptPageException(String file, long pageNumber, PageKind kind, String problem) {
        super("corrupt " + kind.label() + " page " + pageNumber + " in " + file + ": " + problem
                + " (hardware or storage problem?). Run `big check` to list every damaged page;"
                + " restore the file from a backup or an export.");
        this.file = file;
        this.pageNumber = pageNumber;
        this.kind = kind;
    }

    /** Convenience for the common case of a checksum mismatch. */
    public static CorruptPageException checksumMismatch(
            String file, long pageNumber, PageKind kind, long expected, long actual) {
        return new CorruptPageException(file, pageNumber, kind,
                "checksum failed: expected=" + hex(expected) + " actual=" + hex(actual));
    }

    public String file() {
        return file;
    }

    public long pageNumber() {
        return pageNumber;
    }

    public PageKind kind() {
        return kind;
    }

    public static String hex(long value) {
        return String.format("%016x", value);
    }
}
