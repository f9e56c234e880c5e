package dev.big.db;

import dev.big.db.internal.WriteOp;
import dev.big.engine.CommitStats;
import dev.big.page.BigException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@link Ingester} that buffers checked changes and commits them as one transaction per batch.
 *
 * <p>A full buffer is committed on a background thread while the caller goes on checking and
 * buffering the next batch (at most one batch is in flight, so memory holds two at most). An
 * explicit {@link #flush()} or {@link #close()} returns only once everything added is committed
 * and durable. A batch that fails is discarded whole; its error is thrown by the next call.
 */
final class BatchIngester implements Ingester {

    private final Db db;
    private final int capacity;
    private final ProgressListener listener;
    private List<WriteOp> buffer = new ArrayList<>();
    private final ExecutorService committer = Executors.newSingleThreadExecutor(
            runnable -> Thread.ofPlatform().daemon().name("big-ingest").unstarted(runnable));
    private Future<?> inFlight;
    private volatile long committed;
    private volatile long bytesWritten;
    private boolean closed;

    BatchIngester(Db db, int capacity, ProgressListener listener) {
        this.db = db;
        this.capacity = capacity;
        this.listener = listener;
    }

    @Override
    public long append(String table, Record record) {
        ensureOpen();
        long id = record.id().isPresent() ? record.id().getAsLong() : -1;
        WriteOp.Put op = db.putOp(table, id >= 0 ? id : 0, record);
        if (id < 0) {
            id = db.reserveId(table);
            op = new WriteOp.Put(table, id, op.values());
        }
        add(op);
        return id;
    }

    @Override
    public void put(String table, long id, Record record) {
        ensureOpen();
        add(db.putOp(table, id, record));
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

    /** Hands the buffer to the committer once the batch before it is done. */
    private void submit() {
        awaitInFlight();
        if (buffer.isEmpty()) {
            return;
        }
        List<WriteOp> batch = buffer;
        buffer = new ArrayList<>(Math.min(capacity, 1 << 16));
        inFlight = committer.submit(() -> {
            CommitStats stats = db.commit(batch);
            committed += batch.size();
            bytesWritten += stats.totalBytesWritten();
            listener.progress(committed, bytesWritten);
        });
    }

    private void awaitInFlight() {
        Future<?> pending = inFlight;
        if (pending == null) {
            return;
        }
        inFlight = null;
        try {
            pending.get();
        } catch (ExecutionException e) {
            // An InvalidInputException from a call means that call's record was refused and nothing
            // else happened (loaders set such a record aside and go on); a batch refused at commit is
            // another matter, so it is reported as a failed batch.
            if (e.getCause() instanceof RuntimeException runtime && !(runtime instanceof InvalidInputException)) {
                throw runtime;
            }
            throw new BigException("an ingest batch failed to commit and was discarded whole (" + committed
                    + " records of this ingester are committed): " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BigException("interrupted while a batch was committing; " + committed + " records are committed");
        }
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
        awaitInFlight();
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
        try {
            awaitInFlight();
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
            }
        }
    }
}
