package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.page.MetaPage;
import dev.big.testing.TestDirs;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A value derived from the catalog ({@link Txn#catalogCached}) is computed once for as long as
 * commits leave the catalog as it is, and afresh once one changes it, or inside the write
 * transaction that changes it: in a file with the write log and in one of page commits.
 */
class CatalogCachedTest {

    private static final Object KEY = "the schema";

    @ParameterizedTest
    @ValueSource(ints = {MetaPage.VERSION_WRITE_LOG - 1, MetaPage.VERSION_WRITE_LOG})
    void aValueOfTheCatalogLastsUntilACommitChangesTheCatalog(int format) {
        AtomicInteger computed = new AtomicInteger();
        Function<Txn, String> schema = txn -> txn.catalogCached(KEY, k -> {
            computed.incrementAndGet();
            byte[] stamp = txn.catalog().getBytes(1);
            return stamp == null ? "none" : "v" + stamp[0];
        });
        try (Store store = Store.create(TestDirs.newDir("catalog-cached-" + format).resolve("db.big"), format)) {
            writeCatalog(store, 1);
            try (ReadTxn txn = store.beginRead()) {
                assertEquals("v1", schema.apply(txn));
            }
            for (int i = 0; i < 3; i++) { // commits of data only: the catalog stays
                try (WriteTxn txn = store.beginWrite()) {
                    assertEquals("v1", schema.apply(txn));
                    txn.fragment(7).putBytes(i, new byte[] {1});
                    txn.commit();
                }
                try (ReadTxn txn = store.beginRead()) {
                    assertEquals("v1", schema.apply(txn));
                }
            }
            assertEquals(1, computed.get(), "computed again although the catalog did not change");

            try (WriteTxn txn = store.beginWrite()) {
                txn.catalog().putBytes(1, new byte[] {2});
                assertEquals("v2", schema.apply(txn), "a write transaction that changed the catalog read the committed one's value");
                txn.commit();
            }
            try (ReadTxn txn = store.beginRead()) {
                assertEquals("v2", schema.apply(txn));
            }
        }
    }

    private static void writeCatalog(Store store, int version) {
        try (WriteTxn txn = store.beginWrite()) {
            txn.catalog().putBytes(1, new byte[] {(byte) version});
            txn.commit();
        }
    }
}
