package dev.big.pager;

import dev.big.testing.TestDirs;

/** The pager contract for a memory-mapped file without a memo: every verification rehashes. */
class RecomputingMmapPagerContractTest extends ReadOnlyPagerContract {

    @Override
    Pager create() {
        return MmapPager.open(TestDirs.newDir("pager-contract").resolve("plain.big"), OpenMode.CREATE_NEW, false);
    }

    @Override
    Pager reopenReadOnly(Pager pager) {
        MmapPager file = (MmapPager) pager;
        file.close();
        return MmapPager.open(file.path(), OpenMode.READ_ONLY, false);
    }
}
