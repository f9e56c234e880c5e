package dev.big.engine;

import dev.big.engine.tree.Tree;
import org.roaringbitmap.Container;

/**
 * One named tree of containers as the layers above the engine see it: a fragment (one field's
 * view of one shard, keyed by row and container column) or the catalog (keyed by entry, holding
 * opaque bytes). Keys are unsigned 64-bit. Reads see the transaction's state; writes (only through
 * a write transaction) become durable with its commit.
 *
 * <p>Its one implementation is the engine's copy-on-write tree, which is not exported: how nodes
 * are paged, rooted and written out stays the engine's business, and a layer above that needs
 * more than this (whole rows, planes, dictionaries) asks the engine's {@code rows}, {@code bsi}
 * and {@code dict} packages.
 */
public sealed interface Fragment permits Tree {

    /** Whether the fragment holds no container. */
    boolean isEmpty();

    /** The container at {@code key}, or null; the cell is the caller's to keep. */
    Cell find(long key);

    /** Whether the container at {@code key} holds {@code low}. */
    boolean contains(long key, int low);

    /**
     * Visits the containers with keys in {@code [fromKey, toKey]} (unsigned) in key order; returns
     * false if the visitor stopped the scan.
     */
    boolean forEachCell(long fromKey, long toKey, CellVisitor visitor);

    /** The opaque value at {@code key}, or null. */
    byte[] getBytes(long key);

    /** Stores {@code container} at {@code key}, replacing what was there; an empty container removes the key. */
    void put(long key, Container container);

    /** Sets bit {@code low} of the container at {@code key}; returns whether it changed. */
    boolean addBit(long key, int low);

    /** Stores opaque bytes at {@code key}. */
    void putBytes(long key, byte[] value);

    /** Removes {@code key}; returns whether it was present. */
    boolean remove(long key);
}
