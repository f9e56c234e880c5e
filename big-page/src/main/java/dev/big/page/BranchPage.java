package dev.big.page;

import static dev.big.page.PageFormat.LE_LONG;

import java.lang.foreign.MemorySegment;

/**
 * An interior page of a B+tree (fragment, roots, catalog or dictionary tree): child links sorted
 * by the smallest key under each child.
 *
 * <pre>
 * BranchPage --&gt; Header Child^Count
 * Header     --&gt; {@link PageHeader} with kind BRANCH, Owner = class of the tree, Count = children
 * Child      --&gt; Key ChildPage ChildChecksum            (24 bytes, 8-byte aligned)
 * Key        --&gt; u64 smallest key in the child's subtree (compared unsigned)
 * ChildPage  --&gt; u64 page number of the child (branch, leaf, roots or catalog page)
 * ChildChecksum --&gt; u64 the checksum the child page must carry
 * </pre>
 *
 * <p>Invariants: {@code 2 <= Count <= MAX_CHILDREN} (a root branch also has at least two
 * children); keys strictly increase; every key in child {@code i} is {@code >= Key[i]} and
 * {@code < Key[i+1]}.
 */
public final class BranchPage {

    public static final int MAGIC = PageHeader.ascii("BIGB");
    public static final int VERSION_START = 1;
    public static final int VERSION_CURRENT = 1;

    public static final int CHILD_SIZE_BYTES = 24;
    /** Where each field of a child link starts, from the start of the link. */
    static final int CHILD_KEY_OFFSET = 0;
    static final int CHILD_PAGE_OFFSET = 8;
    static final int CHILD_CHECKSUM_OFFSET = 16;
    public static final int MAX_CHILDREN = (PageFormat.PAGE_SIZE_BYTES - PageHeader.SIZE_BYTES) / CHILD_SIZE_BYTES;

    public static void init(MemorySegment page, PageClass owner, long pgno, long txid) {
        page.fill((byte) 0);
        PageHeader.init(page, PageKind.BRANCH, owner, pgno, txid);
    }

    public static int count(MemorySegment page) {
        return PageHeader.count(page);
    }

    public static long key(MemorySegment page, int i) {
        return page.get(LE_LONG, offset(i) + CHILD_KEY_OFFSET);
    }

    public static long childPgno(MemorySegment page, int i) {
        return page.get(LE_LONG, offset(i) + CHILD_PAGE_OFFSET);
    }

    public static long childChecksum(MemorySegment page, int i) {
        return page.get(LE_LONG, offset(i) + CHILD_CHECKSUM_OFFSET);
    }

    public static PageRef child(MemorySegment page, int i) {
        return new PageRef(childPgno(page, i), childChecksum(page, i));
    }

    /** Writes child {@code i}; the caller sets the count with {@link PageHeader#setCount}. */
    public static void setChild(MemorySegment page, int i, long key, long pgno, long checksum) {
        long at = offset(i);
        page.set(LE_LONG, at + CHILD_KEY_OFFSET, key);
        page.set(LE_LONG, at + CHILD_PAGE_OFFSET, pgno);
        page.set(LE_LONG, at + CHILD_CHECKSUM_OFFSET, checksum);
    }

    /** The index of the child whose subtree may hold {@code key}: the last child with Key &lt;= key, else 0. */
    public static int childIndexFor(MemorySegment page, long key) {
        return KeySearch.lastAtMost(page, key, count(page));
    }

    /** Explains a structural problem of an already checksum-verified branch page, or returns null. */
    public static String structureError(MemorySegment page) {
        int count = count(page);
        if (count < 1 || count > MAX_CHILDREN) {
            return "child count " + count + " outside 1.." + MAX_CHILDREN;
        }
        for (int i = 1; i < count; i++) {
            if (Long.compareUnsigned(key(page, i - 1), key(page, i)) >= 0) {
                return "keys not increasing at child " + i;
            }
        }
        return null;
    }

    private static long offset(int i) {
        return PageHeader.SIZE_BYTES + (long) i * CHILD_SIZE_BYTES;
    }

    private BranchPage() {}
}
