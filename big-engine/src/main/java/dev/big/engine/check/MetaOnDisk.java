package dev.big.engine.check;

import dev.big.page.CorruptPageException;
import dev.big.page.MetaPage;
import dev.big.page.PageRef;
import dev.big.pager.Pager;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the meta slot of the commit being checked from the file again and compares it with the
 * copy the store holds (read at open, or made by its own commit). Everything else the check
 * verifies hangs off that copy, so without this a slot damaged or rewritten on disk since would
 * go unseen until the next open silently fell back to the commit before it, or opened a state
 * nobody committed.
 */
final class MetaOnDisk {

    static void compare(Pager pager, MetaPage.State checked, List<StoreCheckReport.Problem> problems, List<String> notes) {
        int slot = MetaPage.slotOf(checked.txid());
        MemorySegment page = pager.read(slot);
        String error = MetaPage.validate(slot, page);
        MetaPage.State onDisk = error == null ? MetaPage.read(page) : null;
        if (checked.equals(onDisk)) {
            return;
        }
        if (newerCommitInFile(pager, checked.txid())) {
            // A writer went on committing while the check ran (slot t % 2 is rewritten by commit t + 2);
            // the commit checked stays pinned and intact.
            notes.add("meta slot " + slot + " was rewritten by a newer commit while the check ran; this report is"
                    + " about commit " + checked.txid());
            return;
        }
        if (onDisk == null) {
            problems.add(new StoreCheckReport.Problem(slot, "meta", "the file's meta slot " + slot + " no longer holds commit "
                    + checked.txid() + ", the one this check reads (" + error + "): it was damaged or overwritten"
                    + " while the database was open, and the next open falls back to the commit before"));
            return;
        }
        problems.add(new StoreCheckReport.Problem(slot, "meta", "the file's meta slot " + slot + " differs from the copy of"
                + " commit " + checked.txid() + " this check reads: " + String.join(", ", differences(onDisk, checked))
                + ". The file was changed under the open database; the next open reads what the file says"));
    }

    /** Whether either slot holds a valid meta page of a commit after {@code txid}. */
    private static boolean newerCommitInFile(Pager pager, long txid) {
        for (int slot = 0; slot < MetaPage.SLOTS; slot++) {
            MemorySegment page = pager.read(slot);
            if (MetaPage.validate(slot, page) == null && MetaPage.read(page).txid() > txid) {
                return true;
            }
        }
        return false;
    }

    private static List<String> differences(MetaPage.State onDisk, MetaPage.State copy) {
        List<String> out = new ArrayList<>();
        differ(out, "format version", onDisk.formatVersion(), copy.formatVersion());
        differ(out, "txid", onDisk.txid(), copy.txid());
        differ(out, "page count", onDisk.pageCount(), copy.pageCount());
        differ(out, "roots tree", onDisk.roots(), copy.roots());
        differ(out, "catalog tree", onDisk.catalog(), copy.catalog());
        differ(out, "freelist", onDisk.freelist(), copy.freelist());
        differ(out, "free pages", onDisk.freePages(), copy.freePages());
        differ(out, "commit time", onDisk.commitMillis(), copy.commitMillis());
        return out;
    }

    private static void differ(List<String> out, String field, Object onDisk, Object copy) {
        if (!onDisk.equals(copy)) {
            out.add(field + " " + describe(onDisk) + " on disk, " + field + " " + describe(copy) + " in the copy");
        }
    }

    private static String describe(Object value) {
        return value instanceof PageRef ref ? "at page " + ref.pgno() + " (checksum "
                + CorruptPageException.hex(ref.checksum()) + ")" : String.valueOf(value);
    }

    private MetaOnDisk() {}
}
