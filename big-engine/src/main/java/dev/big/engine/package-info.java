/**
 * The storage engine's front room: a {@code Store} is one database file of named copy-on-write
 * trees. Read transactions ({@code ReadTxn}) each see one commit for as long as they stay open;
 * the one write transaction ({@code WriteTxn}) changes trees and commits them all or nothing. The
 * commit protocol and its pipeline ({@code CommitPipeline}), the readers and the pages they keep
 * ({@code Readers}, each commit's shared {@code CommittedState}), the freelist and the write lock
 * live here.
 *
 * <p>The layers above see a tree only as a {@code Fragment} of {@code Cell}s; the tree itself is
 * the unexported {@code tree} package, and what a fragment's bits mean is {@code rows} (bitmap
 * rows), {@code bsi} (bit planes) and {@code dict} (dictionaries). Nothing here knows tables,
 * fields or SQL.
 */
package dev.big.engine;
