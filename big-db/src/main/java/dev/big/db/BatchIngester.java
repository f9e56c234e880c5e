package dev.big.db;

import dev.big.db.write.WriteOp;
import dev.big.engine.CommitStats;
import dev.big.engine.PendingCommit;
import dev.big.page.BigException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;

/**
 * {@link Ingester} that buffers checked changes and commits them as one transaction per batch.
 *
 * <p>Commits are pipelined (see the engine's {@code Store}): while the store forces batch N to
 * disk, batch N+1 is already applied; batch N counts as committed the moment it is durable, and the
 * progress listener hears of it once the thread that applied batch N+1 has waited for it (never
 * from the store's commit thread: a listener that writes to the database would wait for that
 * thread). A batch of more than {@link #APPLIED_BY_CALLER} records is applied on a background
 * thread while the caller goes on checking and buffering the next one; a smaller batch is applied
 * by the caller, since handing it over costs two thread switches, which its checking does not win
 * back. Memory holds two batches at most, the one being buffered
 * and the one being applied (a batch being forced is pages). An explicit {@link #flush()} or
 * {@link #close()} returns only once everything added is committed and durable; an interrupt of
 * the calling thread does not cut that wait short (the interrupt status is kept), so no batch is
 * ever left in flight unaccounted for. A batch that fails is discarded whole; its error is thrown
 * by the next call.
 */
final class BatchIngester implements Ingester {

    /**
     * The largest batch the caller applies itself. Measured with durable ingest of the standard
     * event on 2 cores (records/s, background thread against caller): capacity 1, 6,300 against
     * 9,000; 10, 44,000 against 55,000; 100, 280,000 against 315,000; 1,000, 700,000 against
     * 740,000; 10,000, 810,000 against 770,000, where checking the next batch meanwhile pays.
     */
    static final int APPLIED_BY_CALLER = 1_000;

    private final Db db;
    private final int capacity;
    private final ProgressListener listener;
    private List<WriteOp> buffer = new ArrayList<>();
    /** The ids the buffered records' appends hold and their puts claimed: they go with the batch. */
    private RecordIds.Grants bufferIds = new RecordIds.Grants(this);
    private final ExecutorService committer = Executors.newSingleThreadExecutor(
            runnable -> Thread.ofPlatform().daemon().name("big-ingest").unstarted(runnable));
    private Future<?> inFlight;
    /** The last batch applied, which the store may still be forcing. Touched by whoever holds the in-flight turn. */
    private PendingCommit beingForced;
    private volatile long committed;
    private volatile long bytesWritten;
    private boolean closed;

    BatchIngester(Db db, int capacity, ProgressListener listener) {
        this.db = db;
        this.capacity = capacity;
        this.listener = listener;
    }

    @Override
    public long append(String table, Row record) {
        ensureOpen();
        if (record.id().isPresent()) {
            long id = record.id().getAsLong();
            add(db.putOp(table, id, record, bufferIds));
            return id;
        }
        java.util.Map<String, Object> values = db.values(table, record, () -> "appended record");
        long id = db.ids.reserve(table, 1, bufferIds);
        add(new WriteOp.Insert(table, id, values));
        return id;
    }

    @Override
    public void put(String table, long id, Row record) {
        ensureOpen();
        add(db.putOp(table, id, record, bufferIds));
    }

    @Override
    public void update(String table, long id, String field, Object value) {
        ensureOpen();
        add(db.patchOp(table, id, field, value));
    }

    @Override
    public void delete(String table, long id) {
        ensureOpen();
        add(db.deleteOp(table, id));
    }

    private void add(WriteOp op) {
        buffer.add(op);
        if (buffer.size() >= capacity) {
            submit();
        }
    }

    /** Commits the buffer once the batch before it is done: on the committer, or on this thread if it is small. */
    private void submit() {
        awaitInFlight();
        if (buffer.isEmpty()) {
            return;
        }
        List<WriteOp> batch = buffer;
        RecordIds.Grants batchIds = bufferIds;
        buffer = new ArrayList<>(Math.min(capacity, 1 << 16));
        bufferIds = new RecordIds.Grants(this);
        // An interrupted caller hands its batch over all the same: the interrupt would refuse it the write lock.
        if (capacity <= APPLIED_BY_CALLER && !Thread.currentThread().isInterrupted()) {
            // Run as a task all the same, so that a failure is reported the way a background one is.
            FutureTask<Void> applied = new FutureTask<>(() -> commit(batch, batchIds), null);
            applied.run();
            inFlight = applied;
        } else {
            inFlight = committer.submit(() -> commit(batch, batchIds));
        }
    }

    /** Applies a batch and waits for the one before it to be durable; see the class comment. */
    private void commit(List<WriteOp> batch, RecordIds.Grants batchIds) {
        PendingCommit previous = beingForced;
        beingForced = null;
        PendingCommit pending;
        try {
            pending = db.commitPipelined(batch, batchIds);
        } catch (RuntimeException e) {
            awaitQuietly(previous, e);
            throw e;
        }
        int records = batch.size();
        // Counted the moment it is durable, so committed() never lags the file by more than
        // the batches in flight.
        pending = pending.onDurable(stats -> counted(records, stats));
        // The previous batch was being forced while this one was applied; if that failed, this
        // one (built on it) fails too, and both are discarded.
        if (previous != null) {
            previous.await();
            reportProgress();
        }
        beingForced = pending;
    }

    /**
     * Counts a batch that became durable. Runs on the store's commit thread, in commit order, so it
     * only counts: the listener is user code that may write to the database, which would wait for
     * that very thread.
     */
    private synchronized void counted(int records, CommitStats stats) {
        committed += records;
        bytesWritten += stats.totalBytesWritten();
    }

    /** Tells the listener what is committed; called by the thread that applied the next batch, or the caller once it waited for that. */
    private void reportProgress() {
        long records;
        long bytes;
        synchronized (this) {
            records = committed;
            bytes = bytesWritten;
        }
        listener.progress(records, bytes);
    }

    /** Waits for {@code commit} to end, while {@code failure} is what gets reported. */
    private static void awaitQuietly(PendingCommit commit, RuntimeException failure) {
        if (commit == null) {
            return;
        }
        try {
            commit.await();
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    /** Waits for the batch in flight, and for the last batch applied to be durable. */
    private void awaitDurable() {
        awaitInFlight();
        PendingCommit last = beingForced;
        beingForced = null;
        if (last != null) {
            try {
                last.await();
            } catch (RuntimeException e) {
                throw batchFailed(e);
            }
            reportProgress();
        }
    }

    /**
     * Waits for the batch being applied, even when this thread is interrupted: giving up would leave
     * a batch that may still land unaccounted for, so flush and close could return before it did.
     * The thread's interrupt status is kept for the caller.
     */
    private void awaitInFlight() {
        Future<?> pending = inFlight;
        if (pending == null) {
            return;
        }
        inFlight = null;
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    pending.get();
                    return;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            // An InvalidInputException from a call means that call's record was refused and nothing
            // else happened (loaders set such a record aside and go on); a batch refused at commit is
            // another matter, so it is reported as a failed batch.
            throw batchFailed(e.getCause());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private RuntimeException batchFailed(Throwable cause) {
        if (cause instanceof RuntimeException runtime && !(runtime instanceof InvalidInputException)) {
            return runtime;
        }
        return new BigException("an ingest batch failed to commit and was discarded whole (" + committed
                + " records of this ingester are committed): " + cause.getMessage(), cause);
    }

    @Override
    public int buffered() {
        return buffer.size();
    }

    @Override
    public long committed() {
        return committed;
    }

    @Override
    public void flush() {
        submit();
        awaitDurable();
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("this ingester is closed");
        }
    }

    @Override
    public void abort() {
        if (closed) {
            return;
        }
        buffer = new ArrayList<>();
        db.ids.giveBack(bufferIds);
        try {
            awaitDurable();
        } finally {
            closed = true;
            committer.shutdown();
        }
    }

    @Override
    public void close() {
        if (!closed) {
            try {
                flush();
            } finally {
                closed = true;
                committer.shutdown();
                if (!buffer.isEmpty()) { // the flush failed before it took the buffer: its ids were never written
                    buffer = new ArrayList<>();
                    db.ids.giveBack(bufferIds);
                }
            }
        }
    }
}
