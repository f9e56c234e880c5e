package dev.big.page;

import static dev.big.page.PageFormat.BYTE;
import static dev.big.page.PageFormat.LE_INT;
import static dev.big.page.PageFormat.LE_LONG;
import static dev.big.page.PageFormat.LE_SHORT;
import static dev.big.page.PageFormat.PAGE_SIZE_BYTES;

import java.lang.foreign.MemorySegment;

/**
 * The 40-byte header every page except a bitmap page starts with.
 *
 * <pre>
 * Header   --&gt; Checksum Magic Kind Owner Version PageNumber Txid Count Extra
 * Checksum --&gt; u64   xxHash3-64 of bytes [8, 8192) of this page
 * Magic    --&gt; u32   the MAGIC of the page kind's class ("BIGM", "BIGL", ...)
 * Kind     --&gt; u8    {@link PageKind#code()}
 * Owner    --&gt; u8    {@link PageClass#code()} of the tree or structure the page belongs to
 * Version  --&gt; u16   format version of this page kind
 * PageNumber --&gt; u64 the page's own number: a page written to the wrong place is caught
 * Txid     --&gt; u64   the transaction that wrote the page
 * Count    --&gt; u32   entries in the body (cells, children, runs); meaning per kind
 * Extra    --&gt; u32   per kind (bytes used, for leaf pages)
 * </pre>
 *
 * <p>Invariant: a page is trusted only after its checksum equals both the checksum its parent (or
 * the meta page) recorded for it and the hash of its bytes; then its magic, kind and page number
 * must match what the reader expected.
 */
public final class PageHeader {

    /** Where each field starts, in bytes from the start of the page (the magic values are each page kind's {@code MAGIC}). */
    public static final int CHECKSUM_OFFSET = 0;
    public static final int MAGIC_OFFSET = 8;
    public static final int KIND_OFFSET = 12;
    public static final int OWNER_OFFSET = 13;
    public static final int VERSION_OFFSET = 14;
    public static final int PAGE_NUMBER_OFFSET = 16;
    public static final int TXID_OFFSET = 24;
    public static final int COUNT_OFFSET = 32;
    public static final int EXTRA_OFFSET = 36;
    public static final int SIZE_BYTES = 40;

    /** Checksummed bytes start right after the checksum field. */
    public static final int HASHED_FROM = CHECKSUM_OFFSET + Long.BYTES;

    /**
     * Writes a fresh header into {@code page} in the current version of {@code kind}; the checksum
     * is filled in by {@link #seal}. Not for a meta page, whose version is the file's.
     */
    public static void init(MemorySegment page, PageKind kind, PageClass owner, long pgno, long txid) {
        if (kind == PageKind.META) {
            throw new IllegalArgumentException("a meta page's version is the file's format version: write it with MetaPage.write");
        }
        init(page, kind, owner, versionOf(kind), pgno, txid);
    }

    /** Writes a fresh header of version {@code version} into {@code page}; the checksum is filled in by {@link #seal}. */
    static void init(MemorySegment page, PageKind kind, PageClass owner, int version, long pgno, long txid) {
        page.set(LE_LONG, CHECKSUM_OFFSET, 0L);
        page.set(LE_INT, MAGIC_OFFSET, magicOf(kind));
        page.set(BYTE, KIND_OFFSET, (byte) kind.code());
        page.set(BYTE, OWNER_OFFSET, (byte) owner.code());
        page.set(LE_SHORT, VERSION_OFFSET, (short) version);
        page.set(LE_LONG, PAGE_NUMBER_OFFSET, pgno);
        page.set(LE_LONG, TXID_OFFSET, txid);
        page.set(LE_INT, COUNT_OFFSET, 0);
        page.set(LE_INT, EXTRA_OFFSET, 0);
    }

    /** Computes the checksum of {@code page}, stores it in the header and returns it. */
    public static long seal(MemorySegment page) {
        long checksum = computeChecksum(page);
        page.set(LE_LONG, CHECKSUM_OFFSET, checksum);
        return checksum;
    }

    public static long computeChecksum(MemorySegment page) {
        return Checksums.xxh3(page, HASHED_FROM, PAGE_SIZE_BYTES - HASHED_FROM);
    }

    public static long storedChecksum(MemorySegment page) {
        return page.get(LE_LONG, CHECKSUM_OFFSET);
    }

    public static int magic(MemorySegment page) {
        return page.get(LE_INT, MAGIC_OFFSET);
    }

    public static int kindCode(MemorySegment page) {
        return Byte.toUnsignedInt(page.get(BYTE, KIND_OFFSET));
    }

    public static PageKind kind(MemorySegment page) {
        return PageKind.ofCode(kindCode(page));
    }

    public static PageClass owner(MemorySegment page) {
        return PageClass.ofCode(Byte.toUnsignedInt(page.get(BYTE, OWNER_OFFSET)));
    }

    public static int version(MemorySegment page) {
        return Short.toUnsignedInt(page.get(LE_SHORT, VERSION_OFFSET));
    }

    public static long pageNumber(MemorySegment page) {
        return page.get(LE_LONG, PAGE_NUMBER_OFFSET);
    }

    public static long txid(MemorySegment page) {
        return page.get(LE_LONG, TXID_OFFSET);
    }

    public static int count(MemorySegment page) {
        return page.get(LE_INT, COUNT_OFFSET);
    }

    public static void setCount(MemorySegment page, int count) {
        page.set(LE_INT, COUNT_OFFSET, count);
    }

    public static int extra(MemorySegment page) {
        return page.get(LE_INT, EXTRA_OFFSET);
    }

    public static void setExtra(MemorySegment page, int extra) {
        page.set(LE_INT, EXTRA_OFFSET, extra);
    }

    /**
     * Explains why {@code page} does not hold a valid page of {@code kind} numbered {@code pgno}
     * whose checksum is {@code expectedChecksum}, or returns {@code null} if it does.
     *
     * <p>Checks the checksum first (a torn or rotted page says so), then identity (a checksum-valid
     * page of the wrong kind or number is a misdirected write), then the version.
     */
    public static String checksumError(long pgno, MemorySegment page, PageKind kind, long expectedChecksum) {
        String identity = identityError(pgno, page, kind);
        long stored = storedChecksum(page);
        if (stored != expectedChecksum) {
            String intact = identity == null && computeChecksum(page) == stored
                    ? "; the page itself is intact, written by commit " + txid(page) + ", but it is not the version"
                            + " its parent links to: it was rewritten after the link was read (reused while a reader"
                            + " still needed it, as when a reader's pin is lost), or the linked version never reached"
                            + " the disk"
                    : "";
            return "checksum failed: expected=" + CorruptPageException.hex(expectedChecksum)
                    + " stored=" + CorruptPageException.hex(stored)
                    + (identity != null ? "; " + identity : intact);
        }
        long actual = computeChecksum(page);
        if (actual != expectedChecksum) {
            return "checksum failed: expected=" + CorruptPageException.hex(expectedChecksum)
                    + " actual=" + CorruptPageException.hex(actual);
        }
        return identity;
    }

    /**
     * Explains why the header of {@code page} does not name a page of {@code kind} numbered
     * {@code pgno} in a supported version, or returns {@code null}. Does not hash the page.
     */
    public static String identityError(long pgno, MemorySegment page, PageKind kind) {
        if (magic(page) != magicOf(kind)) {
            return "magic is " + Integer.toHexString(magic(page)) + ", a " + kind.label()
                    + " page has " + Integer.toHexString(magicOf(kind));
        }
        if (kindCode(page) != kind.code()) {
            return "header says kind " + kindCode(page) + ", expected " + kind.label();
        }
        if (pageNumber(page) != pgno) {
            return "header names page " + pageNumber(page) + " (misdirected write?)";
        }
        int version = version(page);
        if (version < versionStartOf(kind) || version > versionOf(kind)) {
            return "page format version " + version + " is not in the supported range "
                    + versionStartOf(kind) + ".." + versionOf(kind);
        }
        return null;
    }

    /**
     * Verifies {@code page} and throws {@link CorruptPageException} naming the file and page when
     * it fails. Every read of a headed page that was not already verified goes through here.
     */
    public static void verify(String file, long pgno, MemorySegment page, PageKind kind, long expectedChecksum) {
        String error = checksumError(pgno, page, kind, expectedChecksum);
        if (error != null) {
            throw new CorruptPageException(file, pgno, kind, error);
        }
    }

    static int magicOf(PageKind kind) {
        return switch (kind) {
            case META -> MetaPage.MAGIC;
            case BRANCH -> BranchPage.MAGIC;
            case LEAF -> LeafPage.MAGIC;
            case FREELIST -> FreelistPage.MAGIC;
            case ROOTS -> RootsPage.MAGIC;
            case CATALOG -> CatalogPage.MAGIC;
            case BITMAP -> throw new IllegalArgumentException("bitmap pages have no header");
        };
    }

    /** The newest version of {@code kind} this build reads (for a meta page: the newest file format). */
    static int versionOf(PageKind kind) {
        return switch (kind) {
            case META -> MetaPage.VERSION_CURRENT;
            case BRANCH -> BranchPage.VERSION_CURRENT;
            case LEAF -> LeafPage.VERSION_CURRENT;
            case FREELIST -> FreelistPage.VERSION_CURRENT;
            case ROOTS -> RootsPage.VERSION_CURRENT;
            case CATALOG -> CatalogPage.VERSION_CURRENT;
            case BITMAP -> BitmapPage.VERSION_CURRENT;
        };
    }

    static int versionStartOf(PageKind kind) {
        return switch (kind) {
            case META -> MetaPage.VERSION_START;
            case BRANCH -> BranchPage.VERSION_START;
            case LEAF -> LeafPage.VERSION_START;
            case FREELIST -> FreelistPage.VERSION_START;
            case ROOTS -> RootsPage.VERSION_START;
            case CATALOG -> CatalogPage.VERSION_START;
            case BITMAP -> BitmapPage.VERSION_START;
        };
    }

    /** Four ASCII characters as a little-endian u32, so the magic reads as text in a hex dump. */
    static int ascii(String fourChars) {
        return (fourChars.charAt(0)) | (fourChars.charAt(1) << 8) | (fourChars.charAt(2) << 16)
                | (fourChars.charAt(3) << 24);
    }

    /**
     * The accounting class of a page written to the file: the owner recorded in a header, or
     * {@link PageClass#BITMAP} for a headerless bitmap page. Used by metrics only; a bitmap page
     * whose bits happen to spell a header is still counted by its apparent owner.
     */
    public static PageClass classify(MemorySegment page) {
        PageKind kind = kind(page);
        if (kind == null || magic(page) != magicOf(kind)) {
            return PageClass.BITMAP;
        }
        return switch (kind) {
            case META -> PageClass.META;
            case FREELIST -> PageClass.FREE;
            default -> {
                PageClass owner = owner(page);
                yield owner == null ? PageClass.DATA : owner;
            }
        };
    }

    private PageHeader() {}
}
