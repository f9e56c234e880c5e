package dev.big.db;

import dev.big.page.MetaPage;
import dev.big.page.PageFormat;
import dev.big.pager.MmapPager;
import dev.big.pager.OpenMode;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What a database file says about itself, read from the file rather than through an open
 * database: its size in bytes and whole pages, and what each of its two meta slots holds. Tools
 * use it to describe a file that may not open at all (a damaged file of big's is not another
 * program's file) and to report the file's format version; {@link Db#inspect} makes one.
 *
 * <p>Inspecting takes no lock and writes nothing, so it runs while another process writes the
 * file; a slot that process is rewriting at that moment can read as {@link MetaSlot.Invalid}.
 * Whether another process has the file open for writing is {@link WriteLock#tryAcquire}'s
 * question, not this one's: asking takes the lock.
 *
 * @param file the file inspected
 * @param fileSizeBytes its size in bytes
 * @param pageCount the whole pages of {@value #PAGE_SIZE_BYTES} bytes in it
 * @param metaSlots what slots 0 and 1 hold, in slot order
 */
public record Inspection(Path file, long fileSizeBytes, long pageCount, List<MetaSlot> metaSlots) {

    /** The size of every page of a database file. */
    public static final int PAGE_SIZE_BYTES = PageFormat.PAGE_SIZE_BYTES;
    /** The oldest file format version this build reads (docs/versioning.md). */
    public static final int FORMAT_VERSION_START = MetaPage.VERSION_START;
    /** The file format version this build writes. */
    public static final int FORMAT_VERSION_CURRENT = MetaPage.VERSION_CREATED;

    /** Keeps an unmodifiable copy of the meta slots. */
    public Inspection {
        metaSlots = List.copyOf(metaSlots);
    }

    /**
     * What one of the two meta slots at the start of the file holds. The commit of txid {@code t}
     * writes slot {@code t % 2}, so an intact file holds its latest commit and the one before.
     */
    public sealed interface MetaSlot {

        /** The slot: 0 or 1, which is also its page number. */
        int slot();

        /**
         * A meta page whose checksum and identity verify: a commit.
         *
         * @param formatVersion the file format version the commit was written in; one outside
         *     {@link #FORMAT_VERSION_START} to {@link #FORMAT_VERSION_CURRENT} does not open here
         * @param pageCount the commit's high-water mark: pages below it are in use or free
         * @param freePages the pages the commit's freelist lists
         */
        record Commit(int slot, int formatVersion, long txid, long pageCount, long freePages, Instant committedAt)
                implements MetaSlot {}

        /**
         * A slot that holds no commit: past the end of the file, another program's bytes, or a
         * damaged or half-written meta page.
         *
         * @param bigSignature whether the slot starts with big's signature all the same (a meta
         *     page of big's that fails its checksum has it; another program's file does not)
         * @param reason why the slot holds no commit, e.g. "checksum failed: stored=... actual=..."
         */
        record Invalid(int slot, boolean bigSignature, String reason) implements MetaSlot {}
    }

    /** Reads {@code file}'s size and meta slots; fails as opening it would if it is missing or not a regular file. */
    static Inspection of(Path file) {
        try (MmapPager pager = MmapPager.open(file, OpenMode.READ_ONLY, false)) {
            long pages = pager.pageCount();
            List<MetaSlot> slots = new ArrayList<>(MetaPage.SLOTS);
            for (int slot = 0; slot < MetaPage.SLOTS; slot++) {
                slots.add(slot < pages ? slot(slot, pager.read(slot))
                        : new MetaSlot.Invalid(slot, false, "past the end of the file (" + pager.fileSizeBytes() + " bytes)"));
            }
            return new Inspection(file, pager.fileSizeBytes(), pages, slots);
        }
    }

    private static MetaSlot slot(int slot, MemorySegment page) {
        String error = MetaPage.validate(slot, page);
        if (error != null) {
            return new MetaSlot.Invalid(slot, MetaPage.hasSignature(page), error);
        }
        MetaPage.State state = MetaPage.read(page);
        return new MetaSlot.Commit(slot, MetaPage.formatVersion(page), state.txid(), state.pageCount(), state.freePages(),
                Instant.ofEpochMilli(state.commitMillis()));
    }

    /** The commits the slots hold, newest first: the latest commit and, normally, the one before it. */
    public List<MetaSlot.Commit> commits() {
        return metaSlots.stream().filter(MetaSlot.Commit.class::isInstance).map(MetaSlot.Commit.class::cast)
                .sorted(Comparator.comparingLong(MetaSlot.Commit::txid).reversed()).toList();
    }

    /**
     * The newest commit in the slots: the one an open starts from, if the file opens (an open
     * also refuses a file shorter than that commit's page count, or of a format version this build
     * does not read).
     */
    public Optional<MetaSlot.Commit> latestCommit() {
        return commits().stream().findFirst();
    }

    /** Whether either slot starts with big's signature: the file is big's, however damaged. */
    public boolean bigSignature() {
        return metaSlots.stream().anyMatch(slot -> switch (slot) {
            case MetaSlot.Commit _ -> true;
            case MetaSlot.Invalid invalid -> invalid.bigSignature();
        });
    }
}
