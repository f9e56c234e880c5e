package dev.big.pager;

/** The pager contract for pages in memory (no read-only mode). */
class MemoryPagerContractTest extends PagerContract {

    @Override
    Pager create() {
        return new MemoryPager("memory-contract", MEMO_SLOTS_PER_STRIPE);
    }
}
