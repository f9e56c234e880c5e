package dev.big.engine;

import dev.big.engine.log.LogFrames;
import dev.big.pager.LogFile;
import java.util.List;

/**
 * A store's write log (files of format {@link dev.big.page.MetaPage#VERSION_WRITE_LOG} and later):
 * where small commits go instead of the pages, as one frame each ({@link LogFrames}; the payload is
 * a {@link LogRecords} record of what the commit changed).
 *
 * <h2>Why a logical log beside the file</h2>
 * A commit to the pages copies every container it touches: a one-record commit of six fields wrote
 * about 37 pages and forced the file twice. A frame holds only the bits that changed (tens of bytes
 * a field) and is durable after one forcing of the log; a page-image log (SQLite's WAL, FeatureBase's
 * RBF) would still copy the 8 KiB containers. The log is a file of its own (the database file's name
 * with {@code -log} after it) so that appending to it never touches the pages readers of other
 * processes map, and grows in chunks forced once, so a commit's forcing is of data alone.
 *
 * <h2>Generations</h2>
 * The frames after a checkpoint (a commit to the pages, whose meta page has txid {@code C}) carry
 * {@code C} and are written from the start of the file again; a frame of an older generation, or
 * one torn or damaged, ends the log. Opening replays the frames of the meta page's generation, in
 * order, over its pages; so does a read-only handle, of the frames it has not seen yet, each time a
 * read starts. A writer starts a generation only once the checkpoint's meta page is durable, and
 * appends to it only then ({@link CommitPipeline}), so a crash finds either the old checkpoint and
 * its frames or the new one and its own.
 */
final class WriteLog {

    private final LogFile file;
    /** The checkpoint the frames follow. */
    private long generation;
    /** Where the next frame goes: after the last intact frame of the generation. */
    private long end;
    /** The txid of the last frame of the generation (the checkpoint's when none). */
    private long lastTxid;
    /** Why the last {@link #readNew} stopped. */
    private LogFrames.Scan lastScan;

    WriteLog(LogFile file, long checkpointTxid) {
        this.file = file;
        startGeneration(checkpointTxid);
    }

    /**
     * The frames of checkpoint {@code checkpointTxid} not read before, in order: all of them when
     * the checkpoint is not the one read before. Moves past them.
     */
    List<LogFrames.Frame> readNew(long checkpointTxid) {
        if (checkpointTxid != generation) {
            startGeneration(checkpointTxid);
        }
        LogFrames.Scan scan = LogFrames.scan(file, generation, end, lastTxid);
        lastScan = scan;
        if (!scan.frames().isEmpty()) {
            end = scan.end();
            lastTxid = scan.frames().getLast().txid();
        }
        return scan.frames();
    }

    /**
     * The log of a file just raised to a format with one: whatever a log file of the same name
     * holds (a deleted namesake's) is emptied first, so no old generation can match.
     */
    static WriteLog startedAfterMigration(LogFile file, long checkpointTxid) {
        file.truncate(0);
        return new WriteLog(file, checkpointTxid);
    }

    /**
     * Cuts the file at the end of the intact frames (a writer, after opening): several frames are
     * forced at once, so a crash may leave an intact one after a torn one, which a later frame
     * ending where it begins would lead a scan to.
     */
    void truncateAfterEnd() {
        if (file.size() > end) {
            file.truncate(end);
        }
    }

    /**
     * After opening's {@link #readNew}: why the frames read end where they do if that lost a commit
     * that was acknowledged, else null. A scan stops at the first frame it cannot read; after a
     * crash that is a frame being written, and frames after it were appended with it and never
     * acknowledged. But a frame after the stop that says a commit past the last one read was
     * acknowledged ({@link LogRecords}, "Acknowledged") proves the stop is damage to the log, not a
     * crash: opening for writing must not go on as if those commits never were.
     */
    String lostAcknowledgedCommits() {
        if (lastScan == null || lastScan.endedCleanly()) {
            return null;
        }
        long size = file.size();
        byte[] chunk = new byte[1 << 20];
        long lostUpTo = -1;
        long lostAt = -1;
        for (long from = end; from < size; from += chunk.length - LogFrames.HEADER_BYTES) {
            int read = file.read(from, chunk, 0, (int) Math.min(chunk.length, size - from));
            java.nio.ByteBuffer bytes = java.nio.ByteBuffer.wrap(chunk, 0, read).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            for (int at = (int) ((LogFrames.ALIGNMENT_BYTES - from % LogFrames.ALIGNMENT_BYTES) % LogFrames.ALIGNMENT_BYTES);
                    at + 4 <= read; at += LogFrames.ALIGNMENT_BYTES) {
                if (from + at == end || bytes.getInt(at) != LogFrames.MAGIC) {
                    continue;
                }
                for (LogFrames.Frame frame : LogFrames.scan(file, generation, from + at, lastTxid).frames()) {
                    long acknowledged = LogRecords.acknowledgedTxid(frame.payload());
                    if (acknowledged > lastTxid && acknowledged > lostUpTo) {
                        lostUpTo = acknowledged;
                        lostAt = frame.start();
                    }
                }
            }
            if (read < chunk.length) {
                break;
            }
        }
        if (lostUpTo < 0) {
            return null;
        }
        return file.name() + " is damaged at byte " + end + " (" + lastScan.stoppedBecause() + "): the frame at byte "
                + lostAt + " says commits up to txid " + lostUpTo + " were acknowledged, but the log can be read only up to"
                + " txid " + lastTxid + ". Open the database read-only to read it as of txid " + lastTxid
                + " (and export it), or restore the file and its log from a backup";
    }

    /**
     * The frames of checkpoint {@code checkpointTxid}'s generation in {@code file}, read from the
     * start: what another handle reads of a writer's log (read at a logged commit, check).
     */
    static LogFrames.Scan generation(LogFile file, long checkpointTxid) {
        return LogFrames.scan(file, checkpointTxid, 0, checkpointTxid);
    }

    /** The frames of {@code frames} (in txid order) up to commit {@code txid}. */
    static List<LogFrames.Frame> upTo(List<LogFrames.Frame> frames, long txid) {
        return frames.stream().takeWhile(frame -> frame.txid() <= txid).toList();
    }

    /** Appends the frame of logged commit {@code txid}; returns where the log now ends. Not durable until {@link #force()}. */
    long append(long txid, byte[] record) {
        long next = LogFrames.append(file, end, LogFrames.encode(generation, txid, record));
        end = next;
        lastTxid = txid;
        return next;
    }

    /** Makes every frame appended so far durable. */
    void force() {
        file.force();
    }

    /** Starts the generation of checkpoint {@code checkpointTxid}: its frames go from the start of the file. */
    void startGeneration(long checkpointTxid) {
        generation = checkpointTxid;
        end = 0;
        lastTxid = checkpointTxid;
    }

    /** Where the log ends: how many bytes of frames its generation holds. */
    long end() {
        return end;
    }

    long generation() {
        return generation;
    }

    LogFile file() {
        return file;
    }

    void close() {
        file.close();
    }
}
