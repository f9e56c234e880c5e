module dev.big.page {
    requires zero.allocation.hashing;
    requires roaringbitmap;
    exports dev.big.page;
}
