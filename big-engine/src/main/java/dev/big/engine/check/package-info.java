/**
 * The store's check ({@code Checker}, behind {@code Store.check()}): walks every page reachable
 * from one commit, recomputing each checksum, verifies that every page below the high-water mark
 * is used exactly once, and checks what reads trust without verifying and can be checked without
 * a schema: separators ({@code KeyRange}), bit-sliced fragments' planes inside their exists rows
 * and their zone-map counts ({@code BsiFragmentAudit}), the meta slot on disk
 * ({@code MetaOnDisk}). Every problem is listed in a {@code StoreCheckReport}; big-db adds what
 * only its catalog explains.
 */
package dev.big.engine.check;
