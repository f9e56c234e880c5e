package dev.big.engine.tree;

import java.lang.foreign.MemorySegment;

/** What a tree needs from the write transaction it belongs to. */
public interface TxnContext {

    /** The id the transaction will commit as; written into every page header. */
    long txid();

    /** A page number for a new page, never one a reader may still see. Called during write-out only. */
    long allocate();

    /** Marks committed page {@code pgno} as no longer referenced once this transaction commits. */
    void free(long pgno);

    /** Writes a new page (through the transaction's pager, so it is counted). */
    void write(long pgno, MemorySegment page);

    /** The bitmap containers the commit before this one wrote, and where this one notes its own. */
    WrittenBitmaps writtenBitmaps();
}
