/** The file a big database lives in: reading, writing and verifying pages. */
module dev.big.pager {
    requires transitive dev.big.page;
    exports dev.big.pager;
}
