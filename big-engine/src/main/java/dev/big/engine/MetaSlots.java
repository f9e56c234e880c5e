package dev.big.engine;

import dev.big.page.BigException;
import dev.big.page.CorruptPageException;
import dev.big.page.FormatVersionException;
import dev.big.page.MetaPage;
import dev.big.page.PageHeader;
import dev.big.page.PageKind;
import dev.big.pager.Pager;
import java.lang.foreign.MemorySegment;

/**
 * Chooses the state to open: the checksum-valid meta slot with the highest txid. Refuses, with a
 * message that says why, anything that is not a big file this build can read: an empty or
 * truncated file, another program's file, a file from a newer format version, or one whose both
 * meta pages are damaged. Choosing reads only; {@link #makeDurable} writes the chosen page again.
 */
final class MetaSlots {

    /** How often a read-only open reads the meta slots again when both fail their checksums. */
    static final int TORN_READ_ATTEMPTS = 12;

    /**
     * The state to open. A read-only handle reads the meta slots while another process may be
     * writing them: a slot read mid-write fails its checksum, and at a few hundred commits a second
     * a slow reader can meet both slots mid-write, one after the other (seen in the multi-process
     * battery). So a read-only pager whose slots both fail reads them again, a little later each
     * time, before calling the file damaged; a damaged file fails the same way every time. And a
     * read-only pager follows the file's growth before calling it truncated.
     */
    static MetaPage.State readLatest(Pager pager) {
        if (!pager.readOnly()) {
            return readLatestOnce(pager);
        }
        for (int attempt = 1; ; attempt++) {
            try {
                return readLatestOnce(pager);
            } catch (CorruptPageException e) {
                if (attempt >= TORN_READ_ATTEMPTS) {
                    throw e;
                }
                java.util.concurrent.locks.LockSupport.parkNanos(100_000L << Math.min(attempt, 8));
                pager.followGrowth();
            }
        }
    }

    private static MetaPage.State readLatestOnce(Pager pager) {
        String file = pager.name();
        long pages = pager.pageCount();
        long bytes = pager.fileSizeBytes();
        if (bytes == 0) {
            throw new BigException(file + " is empty (0 bytes), so it is not a big database. If creating it was"
                    + " interrupted, delete it and create it again.");
        }
        if (pages < MetaPage.SLOTS) {
            throw new BigException(file + " is too short to be a big database (" + bytes + " bytes, under "
                    + MetaPage.SLOTS * Pager.PAGE_SIZE_BYTES + "): truncated, or another program's file.");
        }
        MemorySegment slot0 = pager.read(0);
        MemorySegment slot1 = pager.read(1);
        if (!MetaPage.hasSignature(slot0) && !MetaPage.hasSignature(slot1)) {
            throw new BigException(file + " is not a big database (no big signature at the start of the file).");
        }
        checkVersion(file, slot0);
        checkVersion(file, slot1);
        String error0 = MetaPage.validate(0, slot0);
        String error1 = MetaPage.validate(1, slot1);
        if (error0 != null && error1 != null) {
            throw new CorruptPageException(file, 0, PageKind.META,
                    "both meta pages are damaged (slot 0: " + error0 + "; slot 1: " + error1 + ")");
        }
        MetaPage.State state;
        if (error0 != null) {
            state = MetaPage.read(slot1);
        } else if (error1 != null) {
            state = MetaPage.read(slot0);
        } else {
            MetaPage.State s0 = MetaPage.read(slot0);
            MetaPage.State s1 = MetaPage.read(slot1);
            state = s0.txid() > s1.txid() ? s0 : s1;
        }
        if (state.pageCount() > pages && pager.readOnly()) {
            // The size was learned before a writer grew the file and wrote this meta page: a writer
            // grows the file before it writes the meta page that counts the new pages.
            pages = pager.followGrowth();
        }
        if (state.pageCount() > pages) {
            throw new BigException(file + " is truncated: its last commit (txid " + state.txid() + ") needs "
                    + state.pageCount() + " pages but the file has " + pages + ". Restore it from a backup or an export.");
        }
        if (state.pageCount() < MetaPage.SLOTS) {
            throw new CorruptPageException(file, MetaPage.slotOf(state.txid()), PageKind.META,
                    "page count " + state.pageCount() + " is below the two meta pages");
        }
        return state;
    }

    /**
     * Writes the meta page of {@code chosen} again, unchanged, and forces it, before a writer reuses
     * any page. The commit a reopen chose may be one whose forcing failed: Linux then keeps the
     * pages readable in its cache but marks them clean, so they may never reach the disk. Reusing
     * the pages that commit freed would overwrite the commit before it, which a power cut falls
     * back to; written again, the meta page is made durable by a forcing that succeeds (or the open
     * fails).
     */
    static void makeDurable(Pager pager, MetaPage.State chosen) {
        int slot = MetaPage.slotOf(chosen.txid());
        MemorySegment copy = MemorySegment.ofArray(new long[Pager.PAGE_SIZE_BYTES / Long.BYTES]);
        copy.copyFrom(pager.read(slot));
        pager.write(slot, copy);
        pager.sync();
    }

    /** A slot that is intact (signature and checksum) but from another format version is refused by version. */
    private static void checkVersion(String file, MemorySegment slot) {
        if (!MetaPage.hasSignature(slot)
                || PageHeader.storedChecksum(slot) != PageHeader.computeChecksum(slot)) {
            return;
        }
        int version = MetaPage.formatVersion(slot);
        if (version < MetaPage.VERSION_START || version > MetaPage.VERSION_CURRENT) {
            throw new FormatVersionException("database", file, version, MetaPage.VERSION_START, MetaPage.VERSION_CURRENT);
        }
    }

    private MetaSlots() {}
}
