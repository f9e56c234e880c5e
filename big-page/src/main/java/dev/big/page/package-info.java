/**
 * The byte layouts of every page kind of a big file, each one final class whose javadoc is its
 * grammar ({@code MetaPage}, {@code BranchPage}, {@code LeafPage}, {@code RootsPage},
 * {@code CatalogPage}, {@code FreelistPage}, {@code BitmapPage}, and the {@code PageHeader} all
 * but bitmap pages start with); their checksums ({@code Checksums}) and format versions; and
 * big's exception hierarchy ({@code BigException} and its family), which every layer throws and
 * callers catch by type. Knows nothing of files, trees or fields.
 */
package dev.big.page;
