/**
 * The copy-on-write B+tree of containers: one per fragment, plus the roots tree (which names every
 * fragment's root) and the catalog tree. Keys are unsigned 64-bit container keys; values are
 * Roaring containers, inline in the leaf cell (array, run) or on a bitmap page of their own, or
 * opaque bytes. The read walks are written once for committed pages and dirty nodes
 * ({@code TreeWalks}, {@code AnyNode}); every page they follow is verified against its parent's
 * checksum ({@code PageAccess}); a write transaction copies the root-to-leaf paths it changes
 * ({@code DirtyPath}) and writes them out at commit children first, so each parent link carries
 * its child's checksum ({@code TreeWriteOut}).
 *
 * <p>Not exported: the layers above reach a tree as a {@code dev.big.engine.Fragment}.
 */
package dev.big.engine.tree;
