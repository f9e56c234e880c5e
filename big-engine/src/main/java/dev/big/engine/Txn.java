package dev.big.engine;

import java.lang.foreign.Arena;
import java.util.function.Function;

/**
 * What read and write transactions share: reading named fragments, their summaries and the catalog
 * at one consistent state. A write transaction reads its own changes.
 */
public interface Txn extends AutoCloseable {

    /** The committed state this transaction started from. */
    long baseTxid();

    /**
     * The format version of the file at the state this transaction reads: what the file may hold
     * (an order index needs {@link dev.big.page.MetaPage#VERSION_ORDER_INDEX}). A file keeps the
     * version it was created in until it is migrated.
     */
    int formatVersion();

    /** The fragment named {@code fragmentKey} (empty if it does not exist). */
    Fragment fragment(long fragmentKey);

    /** Whether a fragment named {@code fragmentKey} exists (is non-empty or has a summary). */
    boolean hasFragment(long fragmentKey);

    /** The summary bytes committed with tree {@code fragmentKey}, or an empty array. */
    byte[] summary(long fragmentKey);

    /**
     * Visits the named trees with keys in {@code [fromKey, toKey]} (unsigned) in key order;
     * the visitor returns false to stop.
     */
    void forEachFragment(long fromKey, long toKey, FragmentVisitor visitor);

    /** The catalog: metadata of the layer above, opaque bytes keyed by u64. */
    Fragment catalog();

    /** The file's name, for messages. */
    String file();

    /**
     * A value computed once per committed state and shared by every reader of it (a decoded
     * schema, a plane directory), or computed afresh in a write transaction.
     */
    <T> T cached(Object key, Function<Object, T> compute);

    /**
     * {@link #cached} for a heap value derived from {@link #catalog()} alone (a decoded schema): it
     * is kept from one commit to the next while the catalog stays as it was, since a small commit
     * that decoded the schema again spent a few percent of its time on that (a profile of
     * one-record commits). A write transaction that changed its catalog computes it afresh.
     */
    <T> T catalogCached(Object key, Function<Object, T> compute);

    /**
     * Native memory for what {@link #cached} keeps (expanded plane rows): it lives as long as the
     * committed state a read transaction shares with other readers, or as the write transaction,
     * and is then freed at once rather than whenever the garbage collector runs.
     */
    Arena arena();

    @Override
    void close();

    /** Receives named trees in key order. */
    @FunctionalInterface
    interface FragmentVisitor {
        boolean visit(long fragmentKey, byte[] summary);
    }
}
