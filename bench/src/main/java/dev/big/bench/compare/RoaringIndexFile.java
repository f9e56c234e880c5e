package dev.big.bench.compare;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.roaringbitmap.RangeBitmap;
import org.roaringbitmap.RoaringBitmap;

/**
 * The file a {@link RoaringPeer} saves itself to after a load, so a fresh JVM can read the index
 * back instead of building it. Big-endian ({@link DataOutputStream}), RoaringBitmap's own
 * serialization for bitmaps, RangeBitmap's for the range indexes:
 *
 * <pre>
 * File        --> MAGIC, rows, Column^5, Types, Tags, Verified, Unverified, Ranges
 * Column      --> long[rows] (ids, values, received_at, sizes), int[rows] (type ordinals)
 * Types       --> count, (name UTF, RoaringBitmap)^count
 * Tags        --> count, (name UTF, RoaringBitmap)^count
 * Ranges      --> maxValue, receivedAtBase, receivedAtSpan, RangeIndex(value), RangeIndex(received_at)
 * RangeIndex  --> length int, bytes[length]   (RangeBitmap.Appender.serialize, little-endian)
 * </pre>
 */
final class RoaringIndexFile {

    static final String FILE_NAME = "roaring.index";
    private static final long MAGIC = 0x4249_4752_4f41_5231L; // "BIGROAR1"

    static void write(Path dir, RoaringPeer peer, RangeBitmap.Appender values, RangeBitmap.Appender receivedAt)
            throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(
                Files.newOutputStream(dir.resolve(FILE_NAME)), 1 << 16))) {
            out.writeLong(MAGIC);
            int rows = peer.rowIds.length;
            out.writeInt(rows);
            for (long[] column : new long[][] {peer.rowIds, peer.values, peer.receivedAt, peer.sizes}) {
                for (long v : column) {
                    out.writeLong(v);
                }
            }
            for (int v : peer.typeOrdinals) {
                out.writeInt(v);
            }
            out.writeInt(peer.typeNames.size());
            for (int t = 0; t < peer.typeNames.size(); t++) {
                out.writeUTF(peer.typeNames.get(t));
                peer.rowsByType.get(t).serialize(out);
            }
            out.writeInt(peer.rowsByTag.size());
            for (Map.Entry<String, RoaringBitmap> tag : peer.rowsByTag.entrySet()) {
                out.writeUTF(tag.getKey());
                tag.getValue().serialize(out);
            }
            peer.verifiedRows.serialize(out);
            peer.unverifiedRows.serialize(out);
            out.writeLong(peer.maxValue);
            out.writeLong(peer.receivedAtBase);
            out.writeLong(peer.receivedAtSpan);
            writeRange(out, values);
            writeRange(out, receivedAt);
        }
    }

    private static void writeRange(DataOutputStream out, RangeBitmap.Appender appender) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(appender.serializedSizeInBytes());
        appender.serialize(bytes);
        out.writeInt(bytes.capacity());
        out.write(bytes.array());
    }

    /** Reads the index of {@code dir} into {@code peer}, replacing whatever it held. */
    static void read(Path dir, RoaringPeer peer) {
        Path file = dir.resolve(FILE_NAME);
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            long magic = in.readLong();
            if (magic != MAGIC) {
                throw new IOException("not a roaring index file (magic " + Long.toHexString(magic) + ")");
            }
            int rows = in.readInt();
            peer.rowIds = readLongs(in, rows);
            peer.values = readLongs(in, rows);
            peer.receivedAt = readLongs(in, rows);
            peer.sizes = readLongs(in, rows);
            peer.typeOrdinals = new int[rows];
            for (int i = 0; i < rows; i++) {
                peer.typeOrdinals[i] = in.readInt();
            }
            peer.typeNames.clear();
            peer.rowsByType.clear();
            peer.typeOrdinalByName.clear();
            int types = in.readInt();
            for (int t = 0; t < types; t++) {
                String name = in.readUTF();
                peer.typeNames.add(name);
                peer.typeOrdinalByName.put(name, t);
                peer.rowsByType.add(readBitmap(in));
            }
            peer.rowsByTag.clear();
            int tags = in.readInt();
            for (int t = 0; t < tags; t++) {
                String name = in.readUTF();
                peer.rowsByTag.put(name, readBitmap(in));
            }
            peer.verifiedRows.deserialize(in);
            peer.unverifiedRows.deserialize(in);
            peer.maxValue = in.readLong();
            peer.receivedAtBase = in.readLong();
            peer.receivedAtSpan = in.readLong();
            peer.valueIndex = readRange(in);
            peer.receivedAtIndex = readRange(in);
        } catch (IOException e) {
            throw new PeerEngineException("roaring", "open(" + file + ")", e);
        }
    }

    static long sizeBytes(Path dir) {
        try {
            Path file = dir.resolve(FILE_NAME);
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            throw new PeerEngineException("roaring", "sizeBytes()", e);
        }
    }

    private static long[] readLongs(DataInputStream in, int n) throws IOException {
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = in.readLong();
        }
        return values;
    }

    private static RoaringBitmap readBitmap(DataInputStream in) throws IOException {
        RoaringBitmap bitmap = new RoaringBitmap();
        bitmap.deserialize(in);
        return bitmap;
    }

    private static RangeBitmap readRange(DataInputStream in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return RangeBitmap.map(ByteBuffer.wrap(bytes));
    }

    private RoaringIndexFile() {}
}
