package dev.big.pager;

import dev.big.page.BigException;
import dev.big.page.PageFormat;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.util.Arrays;

/**
 * The memory mappings of one file, owned in one place: the only code that calls
 * {@code FileChannel.map} and the only holder of the {@link Arena} those mappings live in.
 *
 * <p>Growth never invalidates a view: the file is mapped in chunks that stay mapped until
 * {@link #close()}, and a new chunk is added past the last one when the file grows. Chunks grow
 * geometrically (at least 2 MiB, at most 1 GiB at a time) so a large file needs few mappings
 * (each counts against {@code vm.max_map_count}). A writable file is extended sparsely to the end
 * of its last chunk; the engine truncates the unused tail on close.
 */
final class FileMapping implements AutoCloseable {

    static final long MIN_GROWTH_PAGES = 256;
    static final long MAX_GROWTH_PAGES = 131_072;

    private record Chunk(long firstPage, long pages, MemorySegment segment) {}

    private final String name;
    private final InterruptSafeChannel channel;
    private final boolean writable;
    private final Arena arena = Arena.ofShared();
    private volatile Chunk[] chunks = new Chunk[0];
    private volatile long mappedPages;

    FileMapping(String name, InterruptSafeChannel channel, boolean writable) {
        this.name = name;
        this.channel = channel;
        this.writable = writable;
    }

    long mappedPages() {
        return mappedPages;
    }

    /** The view of page {@code pgno}, which must be below {@link #mappedPages()}. */
    MemorySegment page(long pgno) {
        Chunk[] current = chunks;
        int last = current.length - 1;
        Chunk chunk = current[last];
        if (pgno < chunk.firstPage) {
            chunk = current[find(current, pgno)];
        }
        return chunk.segment.asSlice((pgno - chunk.firstPage) << PageFormat.PAGE_SHIFT, PageFormat.PAGE_SIZE_BYTES);
    }

    /**
     * Maps the first {@code pages} pages of the file as it is, never extending it: opening a file
     * (which may not even be a big file) must not change it.
     */
    synchronized void mapExisting(long pages) throws IOException {
        long mapped = mappedPages;
        long end = Math.min(pages, channel.size() >>> PageFormat.PAGE_SHIFT);
        if (end <= mapped) {
            return;
        }
        MemorySegment segment = map(mapped, end - mapped);
        Chunk[] grown = Arrays.copyOf(chunks, chunks.length + 1);
        grown[grown.length - 1] = new Chunk(mapped, end - mapped, segment);
        chunks = grown;
        mappedPages = end;
    }

    /**
     * Maps at least the first {@code pages} pages. A writable file is extended (sparsely) to the
     * end of the new chunk; a read-only file is mapped only as far as it reaches.
     */
    synchronized void ensureMapped(long pages) throws IOException {
        long mapped = mappedPages;
        if (pages <= mapped) {
            return;
        }
        long fileSize = channel.size();
        long end;
        if (writable) {
            long step = Math.clamp(mapped, MIN_GROWTH_PAGES, MAX_GROWTH_PAGES);
            end = Math.max(pages, mapped + step);
            long endBytes = end << PageFormat.PAGE_SHIFT;
            if (fileSize < endBytes) {
                channel.write(java.nio.ByteBuffer.wrap(new byte[1]), endBytes - 1);
            }
        } else {
            end = Math.min(pages, fileSize >>> PageFormat.PAGE_SHIFT);
            if (end <= mapped) {
                return;
            }
        }
        MemorySegment segment = map(mapped, end - mapped);
        Chunk[] grown = Arrays.copyOf(chunks, chunks.length + 1);
        grown[grown.length - 1] = new Chunk(mapped, end - mapped, segment);
        chunks = grown;
        mappedPages = end;
    }

    private MemorySegment map(long firstPage, long pages) {
        long offset = firstPage << PageFormat.PAGE_SHIFT;
        long size = pages << PageFormat.PAGE_SHIFT;
        try {
            return channel.map(offset, size, arena);
        } catch (IOException | OutOfMemoryError e) {
            throw new BigException("could not map " + size + " bytes at offset " + offset + " of " + name + ": "
                    + e.getMessage() + ". The process may be out of address space (check `ulimit -v`) or of"
                    + " memory mappings (check `sysctl vm.max_map_count`, " + chunks.length
                    + " mappings held by this file).", e);
        }
    }

    private static int find(Chunk[] chunks, long pgno) {
        int lo = 0;
        int hi = chunks.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (chunks[mid].firstPage <= pgno) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    @Override
    public void close() {
        arena.close();
    }
}
