package dev.big.pager;

import dev.big.testing.TestDirs;

/** The pager contract for a memory-mapped file, with a small memo. */
class MmapPagerContractTest extends ReadOnlyPagerContract {

    @Override
    Pager create() {
        return MmapPager.open(TestDirs.newDir("pager-contract").resolve("mmap.big"), OpenMode.CREATE_NEW,
                MEMO_SLOTS_PER_STRIPE);
    }

    @Override
    Pager reopenReadOnly(Pager pager) {
        MmapPager file = (MmapPager) pager;
        file.close();
        return MmapPager.open(file.path(), OpenMode.READ_ONLY, MEMO_SLOTS_PER_STRIPE);
    }
}
