package dev.big.pager;

import dev.big.page.PageClass;
import java.util.EnumMap;
import java.util.Map;

/**
 * Pages and bytes read and written, per {@link PageClass}, plus checksum verifications and how
 * many of them actually hashed a page. An immutable snapshot; {@link #minus} gives the difference
 * between two snapshots (one commit, one query).
 */
public record PageCounts(Map<PageClass, Long> pagesRead, Map<PageClass, Long> pagesWritten,
                         long verifications, long syncs) {

    public PageCounts {
        pagesRead = copy(pagesRead);
        pagesWritten = copy(pagesWritten);
    }

    public static PageCounts zero() {
        return new PageCounts(Map.of(), Map.of(), 0, 0);
    }

    public long read(PageClass cls) {
        return pagesRead.getOrDefault(cls, 0L);
    }

    public long written(PageClass cls) {
        return pagesWritten.getOrDefault(cls, 0L);
    }

    public long totalRead() {
        return pagesRead.values().stream().mapToLong(Long::longValue).sum();
    }

    public long totalWritten() {
        return pagesWritten.values().stream().mapToLong(Long::longValue).sum();
    }

    public long bytesWritten(PageClass cls) {
        return written(cls) * Pager.PAGE_SIZE_BYTES;
    }

    public long totalBytesWritten() {
        return totalWritten() * Pager.PAGE_SIZE_BYTES;
    }

    public PageCounts minus(PageCounts earlier) {
        Map<PageClass, Long> read = new EnumMap<>(PageClass.class);
        Map<PageClass, Long> written = new EnumMap<>(PageClass.class);
        for (PageClass cls : PageClass.values()) {
            read.put(cls, read(cls) - earlier.read(cls));
            written.put(cls, written(cls) - earlier.written(cls));
        }
        return new PageCounts(read, written, verifications - earlier.verifications, syncs - earlier.syncs);
    }

    public PageCounts plus(PageCounts other) {
        Map<PageClass, Long> read = new EnumMap<>(PageClass.class);
        Map<PageClass, Long> written = new EnumMap<>(PageClass.class);
        for (PageClass cls : PageClass.values()) {
            read.put(cls, read(cls) + other.read(cls));
            written.put(cls, written(cls) + other.written(cls));
        }
        return new PageCounts(read, written, verifications + other.verifications, syncs + other.syncs);
    }

    private static Map<PageClass, Long> copy(Map<PageClass, Long> map) {
        EnumMap<PageClass, Long> copy = new EnumMap<>(PageClass.class);
        for (PageClass cls : PageClass.values()) {
            copy.put(cls, map.getOrDefault(cls, 0L));
        }
        return Map.copyOf(copy);
    }
}
