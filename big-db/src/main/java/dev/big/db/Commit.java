package dev.big.db;

import dev.big.page.MetaPage;
import dev.big.page.PageRef;

/**
 * One commit of a database file, as a value another thread or process can carry (e.g. inside a
 * distributed query's work unit) and read again with {@link Db#read(Commit)}: the file format
 * version the commit was written in, its txid and the page references of its meta state. Only
 * meaningful for the file it came from, and only while a reader that holds the commit (the one
 * that handed it out) stays open.
 */
public record Commit(int formatVersion, long txid, long pageCount, long rootsPage, long rootsChecksum, long catalogPage,
                     long catalogChecksum, long freelistPage, long freelistChecksum, long freePages, long commitMillis) {

    static Commit of(MetaPage.State state) {
        return new Commit(state.formatVersion(), state.txid(), state.pageCount(), state.roots().pgno(),
                state.roots().checksum(), state.catalog().pgno(), state.catalog().checksum(), state.freelist().pgno(), state.freelist().checksum(),
                state.freePages(), state.commitMillis());
    }

    MetaPage.State state() {
        return new MetaPage.State(formatVersion, txid, pageCount, new PageRef(rootsPage, rootsChecksum),
                new PageRef(catalogPage, catalogChecksum), new PageRef(freelistPage, freelistChecksum), freePages, commitMillis);
    }
}
