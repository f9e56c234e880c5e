package dev.big.engine;

import dev.big.page.PageRef;

/**
 * A named tree as the roots tree records it: its fragment key, its root page and the summary
 * bytes committed with it (a zone map, for example).
 */
public record FragmentRoot(long fragmentKey, PageRef root, byte[] summary) {

    public static final byte[] NO_SUMMARY = new byte[0];
}
