package dev.big.pager;

/**
 * How a write log grows when a write goes past its end: by steps that double with the log, from
 * {@link #MIN_STEP_BYTES} to at most {@link #MAX_STEP_BYTES}. Steps this large make growth rare,
 * so nearly every commit's fdatasync flushes data alone; the cap keeps a step's zero-filling (and
 * the disk it claims) small for a log that is already large. The file and the memory logs grow
 * alike, so the frames above see the same zero tail in tests as on disk.
 */
final class LogGrowth {

    static final long MIN_STEP_BYTES = 1L << 20;
    static final long MAX_STEP_BYTES = 16L << 20;

    /** The size a log of {@code allocated} bytes grows to so that its first {@code end} bytes exist. */
    static long grownSize(long allocated, long end) {
        long size = allocated;
        while (size < end) {
            size += Math.clamp(size, MIN_STEP_BYTES, MAX_STEP_BYTES);
        }
        return size;
    }

    private LogGrowth() {}
}
