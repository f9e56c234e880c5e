/** Byte layouts of every page kind, checksums, format versions and big's exception hierarchy. */
module dev.big.page {
    // Checksums hash through it; no type of it appears in this module's API.
    requires zero.allocation.hashing;
    // That library reads memory through sun.misc.Unsafe, but as an automatic module it cannot say so:
    // requiring jdk.unsupported here puts it in the module graph, so an application on the module
    // path does not fail with NoClassDefFoundError: sun/misc/Unsafe at its first checksum.
    requires jdk.unsupported;
    exports dev.big.page;
}
