package dev.big.pager;

/** The pager contract for the fault-injecting pager with no fault armed (it has no read-only mode). */
class FaultyPagerContractTest extends PagerContract {

    @Override
    Pager create() {
        return new FaultyPager(new MemoryPager("faulty-contract", MEMO_SLOTS_PER_STRIPE));
    }
}
