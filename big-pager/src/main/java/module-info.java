/** The file a big database lives in: reading, writing and verifying pages. */
module dev.big.pager {
    // Pager's API names page types (PageClass in PageCounts) and throws page's exceptions.
    requires transitive dev.big.page;
    exports dev.big.pager;
}
