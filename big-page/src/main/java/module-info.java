/** Byte layouts of every page kind, checksums, format versions and big's exception hierarchy. */
module dev.big.page {
    // Checksums hash through it; no type of it appears in this module's API.
    requires zero.allocation.hashing;
    exports dev.big.page;
}
