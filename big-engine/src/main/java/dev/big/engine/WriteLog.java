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
