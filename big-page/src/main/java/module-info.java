/** Byte layouts of every page kind, checksums, format versions and big's exception hierarchy. */
module dev.big.page {
    // Checksums hash through it (pure Java); no type of it appears in this module's API.
    requires hash4j;
    exports dev.big.page;
}
