package dev.big.db;

import dev.big.db.internal.WriteOp;
import dev.big.engine.CommitStats;
import java.util.ArrayList;
import java.util.List;

/** {@link Ingester} that buffers checked changes and commits them as one transaction per flush. */
final class BatchIngester implements Ingester {

    private final Db db;
    private final int capacity;
    private final ProgressListener listener;
    private final List<WriteOp> buffer = new ArrayList<>();
    private long committed;
    private long bytesWritten;
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
            flush();
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
        if (buffer.isEmpty()) {
            return;
        }
        List<WriteOp> batch = List.copyOf(buffer);
        buffer.clear();
        CommitStats stats = db.commit(batch);
        committed += batch.size();
        bytesWritten += stats.totalBytesWritten();
        listener.progress(committed, bytesWritten);
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("this ingester is closed");
        }
    }

    @Override
    public void close() {
        if (!closed) {
            try {
                flush();
            } finally {
                closed = true;
            }
        }
    }
}
