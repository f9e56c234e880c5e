package dev.big.page;

import com.dynatrace.hash4j.hashing.Hasher64;
import com.dynatrace.hash4j.hashing.Hashing;
import java.lang.foreign.MemorySegment;

/**
 * 64-bit xxHash3 (XXH3_64bits, seed 0) of page bytes, through hash4j: pure Java (VarHandles, no
 * {@code sun.misc.Unsafe}), so no application needs a JVM flag or {@code jdk.unsupported} for it.
 *
 * <p>The hash reads a {@code byte[]}. A heap page backed by one is hashed in place; any other page
 * (mapped, or backed by a {@code long[]}) is first bulk-copied into a per-thread array — a memory
 * copy of 8 KiB, and safe if a mapping is closed meanwhile, unlike reading raw addresses.
 *
 * <p>Until this build the hash came from zero-allocation-hashing, whose fast paths read memory
 * through {@code sun.misc.Unsafe}. The two give bit-identical values (ChecksumsTest compares them on
 * random inputs of every length pages and blocks use, and every stored test file still verifies),
 * so the swap is no format change.
 *
 * <p>Headed pages hash bytes {@code [8, 8192)}: everything but the checksum field itself, so the
 * page number, kind and txid in the header are covered and a misdirected or torn write shows up
 * as a mismatch. Bitmap pages hash all 8,192 bytes; their checksum lives in the parent leaf cell.
 */
public final class Checksums {

    private static final Hasher64 XXH3 = Hashing.xxh3_64();

    private static final ThreadLocal<byte[]> PAGE_COPY = ThreadLocal.withInitial(() -> new byte[PageFormat.PAGE_SIZE_BYTES]);

    /** The xxHash3-64 of {@code length} bytes of {@code segment} starting at {@code offset}. */
    public static long xxh3(MemorySegment segment, long offset, long length) {
        int size = Math.toIntExact(length);
        if (segment.heapBase().orElse(null) instanceof byte[] bytes) {
            return XXH3.hashBytesToLong(bytes, Math.toIntExact(segment.address() + offset), size);
        }
        byte[] copy = size <= PageFormat.PAGE_SIZE_BYTES ? PAGE_COPY.get() : new byte[size];
        MemorySegment.copy(segment, PageFormat.BYTE, offset, copy, 0, size);
        return XXH3.hashBytesToLong(copy, 0, size);
    }

    /** The xxHash3-64 of a byte array, for the non-page data that carries checksums. */
    public static long xxh3(byte[] bytes, int offset, int length) {
        return XXH3.hashBytesToLong(bytes, offset, length);
    }

    private Checksums() {}
}
