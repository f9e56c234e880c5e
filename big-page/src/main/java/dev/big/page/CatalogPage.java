package dev.big.page;

/**
 * A leaf of the catalog tree: engine-level metadata that commits with the data (table and field
 * definitions, id counters). It has the {@link LeafPage} layout with kind CATALOG; every cell is
 * a BYTES cell.
 *
 * <pre>
 * CatalogPage --&gt; LeafPage with kind CATALOG, Owner CATALOG
 * Cell.Key    --&gt; u64 catalog key, chosen by the layer that owns the entry
 * Value       --&gt; bytes, at most {@link LeafPage#MAX_PAYLOAD_BYTES}; values that are larger are
 *                 split by their owner over consecutive keys
 * </pre>
 *
 * <p>Branch pages of the catalog tree are ordinary {@link BranchPage}s with Owner CATALOG.
 */
public final class CatalogPage {

    public static final int MAGIC = PageHeader.ascii("BIGC");
    public static final int VERSION_START = 1;
    public static final int VERSION_CURRENT = 1;

    public static final int MAX_VALUE_BYTES = LeafPage.MAX_PAYLOAD_BYTES;

    private CatalogPage() {}
}
