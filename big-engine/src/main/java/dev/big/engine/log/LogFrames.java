package dev.big.engine.log;

import static dev.big.page.PageFormat.LE_INT;
import static dev.big.page.PageFormat.LE_LONG;

import dev.big.page.Checksums;
import dev.big.pager.LogFile;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The frames of a database's write log ({@link LogFile}): one frame per small commit, holding
 * the commit's payload as the engine encodes it, appended after the last and made durable by the
 * log's next force.
 *
 * <pre>
 * Log      --&gt; Frame^Count Tail
 * Frame    --&gt; Magic Length BaseTxid Txid Checksum Payload Padding
 * Magic    --&gt; u32  "BLG1" ({@link #MAGIC}): 'B' 'L' 'G' and the format version, '1'
 * Length   --&gt; u32  payload bytes, 1 to {@link #MAX_PAYLOAD_BYTES}
 * BaseTxid --&gt; u64  the txid of the checkpoint the frame follows: the log's generation
 * Txid     --&gt; u64  the commit's txid: above the previous frame's, and the first frame's above BaseTxid
 * Checksum --&gt; u64  xxHash3-64 ({@link Checksums#xxh3}) of the whole frame, Magic to Padding,
 *                   with this field taken as zeros
 * Payload  --&gt; byte^Length
 * Padding  --&gt; zeros up to a multiple of 8 bytes
 * Tail     --&gt; zeros (the log grows zero-filled), or what a crash or an older generation left
 * </pre>
 *
 * All integers are little-endian. Frames follow each other from offset 0 without gaps, each
 * starting at a multiple of 8 bytes, so its u64 fields are aligned as the database file's are.
 *
 * <h2>Generations</h2>
 * A checkpoint (a page commit whose meta page has txid C) starts generation C: the next frame
 * carries BaseTxid C and is written at offset 0, over the frames of the generation before, which
 * the pages now hold. A generation may be shorter than the one before it, so past its last frame
 * the log can hold whole, intact frames of an older generation. A scan for generation C stops at
 * the first of them for two reasons, each enough alone: its BaseTxid is not C, and its txid, at
 * most C, is not above the previous frame's. Its bytes cannot pass for generation C either: the
 * checksum covers BaseTxid, so the only frames that check as generation C are frames written as
 * generation C. That is the salt a seeded hash would give ({@link Checksums#xxh3} takes no seed),
 * and it costs nothing.
 *
 * <h2>What a scan accepts</h2>
 * Frames in order from where it starts, while each one is whole (its header and padded payload
 * lie inside the log), intact (its checksum holds), of the generation scanned, and of a txid above
 * the previous one. The first frame that is not ends the log, and {@link Scan#stop} says why:
 * zeros are the log's normal end ({@link Stop#END}); anything else is what a crash in the middle
 * of a write leaves (a torn frame: a prefix of it, then zeros or older bytes), an older
 * generation, or damage. None of it is ever an error here: what a stop means is the caller's to
 * judge (recovery resumes there; {@code big check} may report it).
 *
 * <p>Invariant for the writer: it appends its next frame at the {@link Scan#end} of the last scan
 * (or of its last append), and nothing intact of the same generation lies past that point. A
 * writer that stopped at a torn frame must cut the log there first ({@link LogFile#truncate}) if
 * frames could have been written after the torn one, as a pipeline that writes several frames
 * before one force can leave: otherwise a new frame that ends exactly where such a frame begins
 * would lead a later scan onto a commit that was never acknowledged.
 *
 * <p>A frame of another format version has another magic, and a scan stops at it as at any bytes
 * that are not a frame of this version. So a change of the frame format must come with a new
 * database file format version, which keeps older builds from opening the file at all.
 */
public final class LogFrames {

    /** "BLG1" as a little-endian u32. */
    public static final int MAGIC = ascii("BLG1");
    public static final int VERSION_START = 1;
    public static final int VERSION_CURRENT = 1;

    /** Where each header field starts, in bytes from the start of the frame. */
    public static final int MAGIC_OFFSET = 0;
    public static final int LENGTH_OFFSET = 4;
    public static final int BASE_TXID_OFFSET = 8;
    public static final int TXID_OFFSET = 16;
    public static final int CHECKSUM_OFFSET = 24;
    /** The header's size, and where the payload starts. */
    public static final int HEADER_BYTES = 32;
    /** Frames start at multiples of this, and their length is one. */
    public static final int ALIGNMENT_BYTES = 8;

    /**
     * The largest payload, 64 MiB: far above a small commit's, and small enough that a damaged
     * Length never makes a scan allocate much before it finds the frame runs past the log.
     */
    public static final int MAX_PAYLOAD_BYTES = 64 << 20;

    /** A scan reads the log this many bytes at a time, so small frames cost a read per window, not two each. */
    private static final int WINDOW_BYTES = 64 * 1024;

    /** A frame read back: its commit's txid and payload, and the log bytes {@code [start, end)} it occupies, padding included. */
    public record Frame(long txid, byte[] payload, long start, long end) {}

    /** Why a scan stopped. */
    public enum Stop {
        /** Zeros where the next frame would start, or the end of the log: where the frames end, crash or not. */
        END,
        /** Bytes that are neither zeros nor a frame's magic: a torn or damaged header, or a frame of another format version. */
        NOT_A_FRAME,
        /** A Length of 0 or above {@link #MAX_PAYLOAD_BYTES}: a damaged header. */
        BAD_LENGTH,
        /** A frame that runs past the end of the log: a torn write at the end of the file, or a damaged Length. */
        TRUNCATED,
        /** A frame whose bytes do not hash to its checksum: a torn write, the remains of an older frame, or damage. */
        CHECKSUM_MISMATCH,
        /** An intact frame of another generation: left past the end of a shorter, newer one. */
        OTHER_GENERATION,
        /** An intact frame whose txid is not above the previous one's (or the txid the scan started after). */
        TXID_NOT_INCREASING
    }

    /**
     * What a scan found: the intact frames in order; {@code end}, where they end (the next frame
     * goes there, and a later scan starts there); {@code lastTxid}, the last frame's txid (or the
     * txid the scan started after, if it found none), to give that later scan as the txid to start
     * after; and why it stopped, as a {@link Stop} and in words that name the offset and values.
     */
    public record Scan(List<Frame> frames, long end, long lastTxid, Stop stop, String stoppedBecause) {
        public Scan {
            frames = List.copyOf(frames);
        }

        /** Whether the scan ended at zeros or the end of the log, not at bytes a crash, an older generation or damage left. */
        public boolean endedCleanly() {
            return stop == Stop.END;
        }
    }

    private LogFrames() {}

    /** The bytes a frame of {@code payloadBytes} payload takes in the log, header and padding included. */
    public static int encodedLength(int payloadBytes) {
        return HEADER_BYTES + alignUp(payloadBytes);
    }

    /** Encodes the frame of commit {@code txid} of generation {@code baseTxid}: header, payload and padding. */
    public static byte[] encode(long baseTxid, long txid, byte[] payload) {
        if (payload.length == 0 || payload.length > MAX_PAYLOAD_BYTES) {
            throw new IllegalArgumentException("a log frame's payload is 1 to " + MAX_PAYLOAD_BYTES + " bytes, not "
                    + payload.length + "; a larger commit goes to the pages");
        }
        if (txid <= baseTxid) {
            throw new IllegalArgumentException("txid " + txid + " cannot follow checkpoint " + baseTxid
                    + ": a frame's txid is above its generation's");
        }
        byte[] frame = new byte[encodedLength(payload.length)];
        MemorySegment fields = MemorySegment.ofArray(frame);
        fields.set(LE_INT, MAGIC_OFFSET, MAGIC);
        fields.set(LE_INT, LENGTH_OFFSET, payload.length);
        fields.set(LE_LONG, BASE_TXID_OFFSET, baseTxid);
        fields.set(LE_LONG, TXID_OFFSET, txid);
        System.arraycopy(payload, 0, frame, HEADER_BYTES, payload.length);
        fields.set(LE_LONG, CHECKSUM_OFFSET, checksumWithFieldZero(frame));
        return frame;
    }

    /** Writes the encoded {@code frame} at {@code offset} of {@code log}; returns the offset after it. Does not force. */
    public static long append(LogFile log, long offset, byte[] frame) {
        if (offset < 0 || offset % ALIGNMENT_BYTES != 0) {
            throw new IllegalArgumentException("a frame goes at an offset that is a multiple of " + ALIGNMENT_BYTES
                    + ", not " + offset);
        }
        MemorySegment header = MemorySegment.ofArray(frame);
        if (frame.length < HEADER_BYTES || header.get(LE_INT, MAGIC_OFFSET) != MAGIC
                || frame.length != encodedLength(header.get(LE_INT, LENGTH_OFFSET))) {
            throw new IllegalArgumentException("the " + frame.length + " bytes to append are not a frame made by encode");
        }
        log.write(offset, frame, 0, frame.length);
        return offset + frame.length;
    }

    /**
     * Scans {@code log} from offset {@code from} for the frames of generation {@code baseTxid}
     * whose txids rise above {@code afterTxid}: from offset 0, give the generation's checkpoint
     * txid; from a previous scan's {@link Scan#end}, its {@link Scan#lastTxid}. Stops at the
     * first frame it cannot accept (see the class comment) and reads no further.
     */
    public static Scan scan(LogFile log, long baseTxid, long from, long afterTxid) {
        if (from < 0 || from % ALIGNMENT_BYTES != 0) {
            throw new IllegalArgumentException("a scan starts where a frame may, at a multiple of " + ALIGNMENT_BYTES
                    + ", not at " + from);
        }
        Scanner scanner = new Scanner(log, log.size(), baseTxid, Math.max(baseTxid, afterTxid));
        List<Frame> frames = new ArrayList<>();
        long position = from;
        while (true) {
            Frame frame = scanner.frameAt(position);
            if (frame == null) {
                return new Scan(frames, position, scanner.previousTxid, scanner.stop, scanner.stoppedBecause);
            }
            frames.add(frame);
            position = frame.end();
        }
    }

    /** Reads frames one after another, checking each against the one before; says why when one does not pass. */
    private static final class Scanner {

        private final LogFile log;
        private final Window window;
        /** The log's size when the scan began: a Length that reaches past it is not read. */
        private final long size;
        private final long baseTxid;
        private final byte[] header = new byte[HEADER_BYTES];
        private final MemorySegment fields = MemorySegment.ofArray(header);
        private long previousTxid;
        private Stop stop;
        private String stoppedBecause;

        Scanner(LogFile log, long size, long baseTxid, long afterTxid) {
            this.log = log;
            this.window = new Window(log);
            this.size = size;
            this.baseTxid = baseTxid;
            this.previousTxid = afterTxid;
        }

        /** The frame at {@code position} if the scan accepts it; else null, and {@link #stop} says why. */
        Frame frameAt(long position) {
            int got = window.read(position, header, 0, HEADER_BYTES);
            if (isZero(header, got)) {
                return stop(Stop.END, "the frames of " + log.name() + " end at offset " + position
                        + (got < HEADER_BYTES ? " (the end of the log)" : " (zeros)"));
            }
            if (got >= Integer.BYTES && fields.get(LE_INT, MAGIC_OFFSET) != MAGIC) {
                return stop(Stop.NOT_A_FRAME, "the bytes at offset " + position + " of " + log.name()
                        + " are not a frame: magic " + hex(fields.get(LE_INT, MAGIC_OFFSET)) + " where " + hex(MAGIC)
                        + " (BLG1) belongs");
            }
            if (got < HEADER_BYTES) {
                return stop(Stop.TRUNCATED, describe(position) + " is cut off: its header needs " + HEADER_BYTES
                        + " bytes and the log has " + got);
            }
            long length = Integer.toUnsignedLong(fields.get(LE_INT, LENGTH_OFFSET));
            if (length == 0 || length > MAX_PAYLOAD_BYTES) {
                return stop(Stop.BAD_LENGTH, describe(position) + " gives a payload length of " + length
                        + ", outside 1 to " + MAX_PAYLOAD_BYTES);
            }
            int frameBytes = encodedLength((int) length);
            if (position + frameBytes > size) {
                return stop(Stop.TRUNCATED, describe(position) + " is cut off: it needs " + frameBytes
                        + " bytes, to offset " + (position + frameBytes) + ", and the log ends at " + size);
            }
            byte[] frame = Arrays.copyOf(header, frameBytes);
            int rest = window.read(position + HEADER_BYTES, frame, HEADER_BYTES, frameBytes - HEADER_BYTES);
            if (rest < frameBytes - HEADER_BYTES) {
                return stop(Stop.TRUNCATED, describe(position) + " is cut off: it needs " + frameBytes
                        + " bytes and the log had " + (HEADER_BYTES + rest) + " from there when read");
            }
            MemorySegment bytes = MemorySegment.ofArray(frame);
            long stored = bytes.get(LE_LONG, CHECKSUM_OFFSET);
            bytes.set(LE_LONG, CHECKSUM_OFFSET, 0L);
            long computed = checksumWithFieldZero(frame);
            if (stored != computed) {
                return stop(Stop.CHECKSUM_MISMATCH, describe(position) + " fails its checksum: stored=" + hex(stored)
                        + " computed=" + hex(computed) + " (a torn write, or damage)");
            }
            long generation = bytes.get(LE_LONG, BASE_TXID_OFFSET);
            long txid = bytes.get(LE_LONG, TXID_OFFSET);
            if (generation != baseTxid) {
                return stop(Stop.OTHER_GENERATION, describe(position) + " (txid " + txid + ") follows checkpoint "
                        + generation + ", not " + baseTxid + ": it is left from another generation");
            }
            if (txid <= previousTxid) {
                return stop(Stop.TXID_NOT_INCREASING, describe(position) + " has txid " + txid + ", not above "
                        + previousTxid);
            }
            previousTxid = txid;
            return new Frame(txid, Arrays.copyOfRange(frame, HEADER_BYTES, HEADER_BYTES + (int) length), position,
                    position + frameBytes);
        }

        private String describe(long position) {
            return "the frame at offset " + position + " of " + log.name();
        }

        private Frame stop(Stop why, String because) {
            stop = why;
            stoppedBecause = because;
            return null;
        }
    }

    /** The checksum of an encoded frame whose Checksum field holds zeros. */
    private static long checksumWithFieldZero(byte[] frame) {
        return Checksums.xxh3(frame, 0, frame.length);
    }

    private static boolean isZero(byte[] bytes, int length) {
        for (int i = 0; i < length; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static int alignUp(int bytes) {
        return (bytes + ALIGNMENT_BYTES - 1) & -ALIGNMENT_BYTES;
    }

    private static String hex(int value) {
        return String.format("0x%08x", value);
    }

    private static String hex(long value) {
        return String.format("%016x", value);
    }

    private static int ascii(String fourChars) {
        return fourChars.charAt(0) | fourChars.charAt(1) << 8 | fourChars.charAt(2) << 16 | fourChars.charAt(3) << 24;
    }

    /** The log read through a buffer of {@link #WINDOW_BYTES}; a read larger than the buffer goes straight to the log. */
    private static final class Window {

        private final LogFile log;
        private final byte[] buffer = new byte[WINDOW_BYTES];
        /** The buffer holds the log's bytes {@code [start, start + length)}. */
        private long start;
        private int length;

        Window(LogFile log) {
            this.log = log;
        }

        /** Copies up to {@code count} bytes at {@code position} into {@code into}; returns how many (fewer at the end). */
        int read(long position, byte[] into, int offset, int count) {
            if (count > WINDOW_BYTES) {
                return log.read(position, into, offset, count);
            }
            if (position < start || position + count > start + length) {
                start = position;
                length = log.read(position, buffer, 0, WINDOW_BYTES);
            }
            int available = Math.clamp(start + length - position, 0, count);
            System.arraycopy(buffer, (int) (position - start), into, offset, available);
            return available;
        }
    }
}
