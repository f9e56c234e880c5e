/**
 * The storage engine: copy-on-write B-trees of Roaring containers in one file, transactions and
 * snapshots, the commit protocol, record addressing (coords) and bit-sliced integer indexes.
 */
module dev.big.engine {
    requires transitive dev.big.pager;
    requires transitive roaringbitmap;
    exports dev.big.engine;
    exports dev.big.engine.check;
    exports dev.big.engine.coords;
    exports dev.big.engine.bsi;
    exports dev.big.engine.dict;
    exports dev.big.engine.rows;
    // Not exported: dev.big.engine.tree (pages, nodes, write-out). The layers above reach a tree
    // only as a Fragment, and rows, planes and dictionaries through rows, bsi and dict.
}
