package dev.big.pager;

/** The pager contract for counting wrapped around a memory-mapped file, as the engine uses it (reads counted too). */
class CountingPagerContractTest extends ReadOnlyPagerContract {

    private final MmapPagerContractTest files = new MmapPagerContractTest();

    @Override
    Pager create() {
        return new CountingPager(files.create());
    }

    @Override
    Pager reopenReadOnly(Pager pager) {
        return new CountingPager(files.reopenReadOnly(((CountingPager) pager).delegate()));
    }
}
