package dev.big.engine;

import dev.big.engine.tree.PageAccess;
import dev.big.engine.tree.Tree;
import dev.big.page.DatabaseClosedException;
import dev.big.page.MetaPage;
import dev.big.page.PageClass;
import dev.big.page.PageKind;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.function.Function;

/**
 * A read transaction: sees exactly the commit it started on, for as long as it stays open, while
 * the writer keeps committing. Pages that commit can see are not reused until it closes, so close
 * it promptly (try-with-resources).
 *
 * <p>A read transaction belongs to one thread at a time; many may be open at once. Its owner may
 * lend its reads to helper threads while it waits for them (big-db's query workers do): fragment
 * reads, summaries, {@link #cached} and {@link #arena} are safe to call from several threads, as
 * the committed state's maps are concurrent and pages are only read; {@link #close} is the owner's alone,
 * once no helper reads any more, since the pin it releases covers every page the helpers read.
 */
public final class ReadTxn implements Txn {

    private final Store store;
    private final CommittedState state;
    private final PageAccess access;
    private boolean closed;

    ReadTxn(Store store, CommittedState state, PageAccess access) {
        this.store = store;
        this.state = state;
        this.access = access;
    }

    @Override
    public long baseTxid() {
        return state.txid();
    }

    @Override
    public int formatVersion() {
        return state.meta.formatVersion();
    }

    /** The page count (high-water mark) of this transaction's commit. */
    public long pageCount() {
        return state.meta.pageCount();
    }

    MetaPage.State meta() {
        return state.meta;
    }

    /** The commit this transaction reads, as {@link Store#beginRead(MetaPage.State)} takes it. */
    public MetaPage.State commitState() {
        return state.commitState();
    }

    @Override
    public Fragment fragment(long fragmentKey) {
        ensureOpen();
        return state.fragmentTree(fragmentKey);
    }

    @Override
    public boolean hasFragment(long fragmentKey) {
        ensureOpen();
        return state.has(fragmentKey);
    }

    @Override
    public byte[] summary(long fragmentKey) {
        ensureOpen();
        return state.summary(fragmentKey);
    }

    /**
     * Whether the checkpoint this transaction reads holds fragment {@code fragmentKey}'s one leaf in
     * its roots entry rather than on a page of its own (file format 6 and later, {@code RootsPage});
     * commits logged since lie over it either way. For checks and tests of the file's layout.
     */
    public boolean isHeldInline(long fragmentKey) {
        ensureOpen();
        return state.root(fragmentKey) instanceof MemorySegment;
    }

    @Override
    public void forEachFragment(long fromKey, long toKey, FragmentVisitor visitor) {
        ensureOpen();
        state.forEachFragment(fromKey, toKey, visitor);
    }

    @Override
    public Fragment catalog() {
        ensureOpen();
        return state.catalogTree();
    }

    @Override
    public String file() {
        return access.file();
    }

    @Override
    public <T> T cached(Object key, Function<Object, T> compute) {
        ensureOpen();
        return state.cached(key, compute);
    }

    @Override
    public <T> T catalogCached(Object key, Function<Object, T> compute) {
        ensureOpen();
        return state.catalogCached(key, compute);
    }

    @Override
    public Arena arena() {
        ensureOpen();
        return state.arena();
    }

    private void ensureOpen() {
        if (closed) {
            throw new DatabaseClosedException("this read transaction");
        }
        store.ensureOpen();
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            store.endRead(state);
        }
    }
}
