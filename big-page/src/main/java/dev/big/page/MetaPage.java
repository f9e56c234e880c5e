package dev.big.page;

import static dev.big.page.PageFormat.LE_INT;
import static dev.big.page.PageFormat.LE_LONG;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

/**
 * A meta page: the root of everything in one committed state. Pages 0 and 1 are the two meta
 * slots; the commit of transaction {@code t} writes slot {@code t % 2}, so the previous commit's
 * meta survives a torn meta write. Open picks the checksum-valid slot with the highest txid.
 *
 * <pre>
 * MetaPage  --&gt; Header Signature PageSize Reserved PageCount Roots Catalog Freelist FreePages CommitMillis
 * Header    --&gt; {@link PageHeader} with kind META, Version = the file's format version, PageNumber = slot,
 *               Txid = committed txid
 * Signature --&gt; 8 bytes "BIGDB\r\n\u001a": names the file as big's; \r\n and ^Z catch text-mode mangling
 * PageSize  --&gt; u32 {@link PageFormat#PAGE_SIZE_BYTES}
 * Reserved  --&gt; u32 zero
 * PageCount --&gt; u64 high-water mark: pages [0, PageCount) are in use or free
 * Roots     --&gt; u64 pgno, u64 checksum of the roots tree's root (pgno 0 = empty)
 * Catalog   --&gt; u64 pgno, u64 checksum of the catalog tree's root (pgno 0 = empty)
 * Freelist  --&gt; u64 pgno, u64 checksum of the first freelist page (pgno 0 = no free pages)
 * FreePages --&gt; u64 number of pages listed in the freelist chain
 * CommitMillis --&gt; u64 wall-clock time of the commit, for humans only
 * </pre>
 *
 * <p>The meta page's header version is the file's format version (see docs/versioning.md). It is
 * part of the committed state, not a constant of the build: a file keeps the version it was
 * created in, and every commit writes it again, until an explicit migration commits a higher one.
 * A build reads files of {@link #VERSION_START} to {@link #VERSION_CURRENT} and creates files of
 * {@link #VERSION_CURRENT}.
 *
 * <table>
 * <caption>File format versions</caption>
 * <tr><th>version</th><th>what a file of it may hold</th></tr>
 * <tr><td>1</td><td>fragment views 0 to 5</td></tr>
 * <tr><td>2</td><td>also order indexes (view 6, catalog entries that ask for one); nothing else changes, so a
 *     file of version 1 becomes version 2 by a commit that changes only its version</td></tr>
 * <tr><td>3</td><td>rows fragments keep their row counts as their summary</td></tr>
 * <tr><td>4</td><td>commits after the meta page's may be in the write log beside the file</td></tr>
 * <tr><td>5</td><td>zone maps may be compact (version 2: only the columns that hold values, in varints)</td></tr>
 * <tr><td>6</td><td>a fragment of one small leaf may be held inline in its roots entry ({@link RootsPage}) instead
 *     of on a page of its own</td></tr>
 * </table>
 */
public final class MetaPage {

    public static final int MAGIC = PageHeader.ascii("BIGM");
    public static final int VERSION_START = 1;
    public static final int VERSION_CURRENT = 6;
    /** The first format that may hold order indexes (view 6 trees, catalog entries that ask for one). */
    public static final int VERSION_ORDER_INDEX = 2;
    /**
     * The first format whose rows fragments (view 0) keep the record count of each row as their
     * summary, the existence fragments' record counts among them (before: a record count of 8 bytes
     * on existence fragments alone).
     */
    public static final int VERSION_ROW_COUNTS = 3;
    /**
     * The first format whose small commits may go to a write log beside the file (the file's name
     * with {@code -log} after it) instead of its pages: opening the file replays that log after the
     * meta page's commit, so a build that does not know the log must not open it.
     */
    public static final int VERSION_WRITE_LOG = 4;
    /**
     * The first format whose bit-sliced fragments may keep compact zone maps (zone map version 2),
     * which a build that reads zone maps of version 1 alone cannot decode.
     */
    public static final int VERSION_COMPACT_ZONE_MAPS = 5;
    /**
     * The first format whose roots entries may hold their fragment's one leaf inline
     * ({@link RootsPage}), which a build that reads only page roots would take for a broken link.
     */
    public static final int VERSION_INLINE_LEAVES = 6;
    /**
     * The format a new file is created in: the current one. {@code Store.create(path, version)}
     * makes a file of an older format (tests of what older builds wrote use it).
     */
    public static final int VERSION_CREATED = 6;

    /** The number of meta slots at the start of the file. */
    public static final int SLOTS = 2;

    public static final byte[] SIGNATURE = "BIGDB\r\n\u001a".getBytes(StandardCharsets.ISO_8859_1);

    static final int SIGNATURE_OFFSET = PageHeader.SIZE_BYTES;
    static final int PAGE_SIZE_OFFSET = SIGNATURE_OFFSET + 8;
    static final int PAGE_COUNT_OFFSET = PAGE_SIZE_OFFSET + 8;
    static final int ROOTS_OFFSET = PAGE_COUNT_OFFSET + 8;
    static final int CATALOG_OFFSET = ROOTS_OFFSET + 16;
    static final int FREELIST_OFFSET = CATALOG_OFFSET + 16;
    static final int FREE_PAGES_OFFSET = FREELIST_OFFSET + 16;
    static final int COMMIT_MILLIS_OFFSET = FREE_PAGES_OFFSET + 8;

    /**
     * The committed state a meta page describes.
     *
     * @param formatVersion the file's format version, {@link #VERSION_START} to {@link #VERSION_CURRENT}
     */
    public record State(int formatVersion, long txid, long pageCount, PageRef roots, PageRef catalog, PageRef freelist,
                        long freePages, long commitMillis) {

        /** The state of a freshly created file of format {@link #VERSION_CREATED}: two meta pages, nothing else. */
        public static State empty() {
            return empty(VERSION_CREATED);
        }

        /** The state of a freshly created file of format {@code version}: two meta pages, nothing else. */
        public static State empty(int version) {
            return new State(version, 0, SLOTS, PageRef.NONE, PageRef.NONE, PageRef.NONE, 0, 0);
        }

        /** This state in format {@code version}, everything else the same. */
        public State withFormatVersion(int version) {
            return new State(version, txid, pageCount, roots, catalog, freelist, freePages, commitMillis);
        }
    }

    /** The meta slot transaction {@code txid} writes. */
    public static int slotOf(long txid) {
        return (int) (txid & 1);
    }

    /**
     * Writes {@code state} into {@code page} as the meta of slot {@code slotOf(state.txid())}, in the
     * state's format version, and seals it. A build writes only versions it reads.
     */
    public static long write(MemorySegment page, State state) {
        if (state.formatVersion() < VERSION_START || state.formatVersion() > VERSION_CURRENT) {
            throw new IllegalArgumentException("format version " + state.formatVersion() + " is not in "
                    + VERSION_START + ".." + VERSION_CURRENT + ", the versions this build writes");
        }
        page.fill((byte) 0);
        PageHeader.init(page, PageKind.META, PageClass.META, state.formatVersion(), slotOf(state.txid()), state.txid());
        MemorySegment.copy(MemorySegment.ofArray(SIGNATURE), 0, page, SIGNATURE_OFFSET, SIGNATURE.length);
        page.set(LE_INT, PAGE_SIZE_OFFSET, PageFormat.PAGE_SIZE_BYTES);
        page.set(LE_LONG, PAGE_COUNT_OFFSET, state.pageCount());
        writeRef(page, ROOTS_OFFSET, state.roots());
        writeRef(page, CATALOG_OFFSET, state.catalog());
        writeRef(page, FREELIST_OFFSET, state.freelist());
        page.set(LE_LONG, FREE_PAGES_OFFSET, state.freePages());
        page.set(LE_LONG, COMMIT_MILLIS_OFFSET, state.commitMillis());
        return PageHeader.seal(page);
    }

    /** Reads the state of a meta page that has already passed {@link #validate}. */
    public static State read(MemorySegment page) {
        return new State(
                formatVersion(page),
                PageHeader.txid(page),
                page.get(LE_LONG, PAGE_COUNT_OFFSET),
                readRef(page, ROOTS_OFFSET),
                readRef(page, CATALOG_OFFSET),
                readRef(page, FREELIST_OFFSET),
                page.get(LE_LONG, FREE_PAGES_OFFSET),
                page.get(LE_LONG, COMMIT_MILLIS_OFFSET));
    }

    /** Whether the page starts with big's signature, whatever its checksum says. */
    public static boolean hasSignature(MemorySegment page) {
        if (PageHeader.magic(page) != MAGIC) {
            return false;
        }
        for (int i = 0; i < SIGNATURE.length; i++) {
            if (page.get(PageFormat.BYTE, SIGNATURE_OFFSET + i) != SIGNATURE[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Explains why {@code page} is not a valid meta page for {@code slot}, or returns {@code null}.
     * A meta page verifies against its own stored checksum: nothing points to it.
     */
    public static String validate(int slot, MemorySegment page) {
        if (!hasSignature(page)) {
            return "no big signature";
        }
        long stored = PageHeader.storedChecksum(page);
        long actual = PageHeader.computeChecksum(page);
        if (stored != actual) {
            return "checksum failed: stored=" + CorruptPageException.hex(stored)
                    + " actual=" + CorruptPageException.hex(actual);
        }
        if (PageHeader.kindCode(page) != PageKind.META.code()) {
            return "header says kind " + PageHeader.kindCode(page) + ", expected meta";
        }
        if (PageHeader.pageNumber(page) != slot) {
            return "header names page " + PageHeader.pageNumber(page);
        }
        if (slotOf(PageHeader.txid(page)) != slot) {
            return "txid " + PageHeader.txid(page) + " does not belong in slot " + slot;
        }
        if (page.get(LE_INT, PAGE_SIZE_OFFSET) != PageFormat.PAGE_SIZE_BYTES) {
            return "page size " + page.get(LE_INT, PAGE_SIZE_OFFSET) + " is not " + PageFormat.PAGE_SIZE_BYTES;
        }
        return null;
    }

    /** Throws {@link CorruptPageException} naming the file and slot when {@link #validate} fails. */
    public static void verify(String file, int slot, MemorySegment page) {
        String error = validate(slot, page);
        if (error != null) {
            throw new CorruptPageException(file, slot, PageKind.META, error);
        }
    }

    /** The format version recorded in a meta page (its header version). */
    public static int formatVersion(MemorySegment page) {
        return PageHeader.version(page);
    }

    private static void writeRef(MemorySegment page, int offset, PageRef ref) {
        page.set(LE_LONG, offset, ref.pgno());
        page.set(LE_LONG, offset + 8, ref.checksum());
    }

    private static PageRef readRef(MemorySegment page, int offset) {
        return new PageRef(page.get(LE_LONG, offset), page.get(LE_LONG, offset + 8));
    }

    private MetaPage() {}
}
