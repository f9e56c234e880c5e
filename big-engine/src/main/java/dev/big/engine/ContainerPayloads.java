package dev.big.engine;

import dev.big.engine.tree.Containers;
import dev.big.page.ContainerKind;
import java.lang.foreign.MemorySegment;
import org.roaringbitmap.Container;

/**
 * Containers from the payload encodings of leaf and bitmap pages, for a stream that copies those
 * payloads as a {@link Cell} shows them (big's export stream) and must read them back.
 */
public final class ContainerPayloads {

    /**
     * The container whose {@code kind} payload is {@code payload} (array or run: the leaf cell's
     * encoding; bitmap: the 8 KiB page's words), holding {@code cardinality} values.
     */
    public static Container decode(ContainerKind kind, int cardinality, MemorySegment payload) {
        return switch (kind) {
            case ARRAY, RUN -> Containers.decodeInline(kind, cardinality, payload, 0, (int) payload.byteSize());
            case BITMAP -> Containers.decodeBitmap(payload, cardinality);
            case BYTES -> throw new IllegalArgumentException("a BYTES payload is no container");
        };
    }

    private ContainerPayloads() {}
}
