package dev.big.engine;

import dev.big.page.BigException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A commit whose pages (or log frame) are written and which is being made durable (see
 * {@link CommitPipeline}, "Pipelined commits"). Once {@link #await()} returns, the commit is durable and
 * readers see it; if making it durable failed, {@link #await()} throws what failed, and the store
 * refuses further writes.
 *
 * <p>A commit to the pages is made durable by the store's commit thread. A logged commit is made
 * durable by the thread that awaits it, which forces the log or waits for the thread forcing it
 * (group commit), so that a writer is not handed from thread to thread; only once an action is
 * added ({@link #onDurable}) is it handed to the commit thread, which then runs the action.
 */
public final class PendingCommit {

    private final long txid;
    /** Made durable by the commit thread; for a logged commit, set once it is handed over. */
    private CompletableFuture<CommitStats> durable;
    /** For a logged commit: makes it durable on the calling thread (or waits for it), says what it wrote. */
    private final Supplier<CommitStats> onThisThread;
    /** For a logged commit: hands it to the commit thread, which makes it durable. */
    private final Supplier<CompletableFuture<CommitStats>> handOver;

    PendingCommit(long txid, CompletableFuture<CommitStats> durable) {
        this.txid = txid;
        this.durable = durable;
        this.onThisThread = null;
        this.handOver = null;
    }

    private PendingCommit(long txid, Supplier<CommitStats> onThisThread, Supplier<CompletableFuture<CommitStats>> handOver) {
        this.txid = txid;
        this.onThisThread = onThisThread;
        this.handOver = handOver;
    }

    /** A logged commit: see the class comment. */
    static PendingCommit logged(long txid, Supplier<CommitStats> onThisThread,
            Supplier<CompletableFuture<CommitStats>> handOver) {
        return new PendingCommit(txid, onThisThread, handOver);
    }

    /**
     * This commit with {@code action} run once it is durable: on the commit thread, in commit
     * order, or at once on this thread if it already is (so actions added in commit order run in
     * commit order). The returned commit's {@link #await()} returns only after the action ran; the
     * action is not run if the commit fails.
     */
    public PendingCommit onDurable(Consumer<CommitStats> action) {
        return new PendingCommit(txid, onCommitThread().thenApply(stats -> {
            action.accept(stats);
            return stats;
        }));
    }

    private synchronized CompletableFuture<CommitStats> onCommitThread() {
        if (durable == null) {
            durable = handOver.get();
        }
        return durable;
    }

    /** Waits until the commit is durable and returns what it wrote; throws what made it fail. */
    public CommitStats await() {
        if (onThisThread != null) {
            return onThisThread.get();
        }
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return onCommitThread().get();
                } catch (InterruptedException e) {
                    // The forcing goes on whatever this thread does; a caller that gave up here
                    // could not tell whether its commit is durable, so wait it out.
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new BigException("commit " + txid + " failed to become durable: " + e.getCause(), e.getCause());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
