package dev.big.engine;

import dev.big.page.BigException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * A commit whose pages are written and which the store's commit thread is making durable (see
 * {@link CommitPipeline}, "Pipelined commits"). Once {@link #await()} returns, the commit is durable and
 * readers see it; if making it durable failed, {@link #await()} throws what failed, and the store
 * refuses further writes.
 */
public final class PendingCommit {

    private final long txid;
    private final CompletableFuture<CommitStats> durable;

    PendingCommit(long txid, CompletableFuture<CommitStats> durable) {
        this.txid = txid;
        this.durable = durable;
    }

    /**
     * This commit with {@code action} run once it is durable: on the commit thread, before the next
     * commit is made durable, or at once on this thread if it already is (so actions added in
     * commit order run in commit order). The returned commit's {@link #await()} returns only after
     * the action ran; the action is not run if the commit fails.
     */
    public PendingCommit onDurable(Consumer<CommitStats> action) {
        return new PendingCommit(txid, durable.thenApply(stats -> {
            action.accept(stats);
            return stats;
        }));
    }

    /** Waits until the commit is durable and returns what it wrote; throws what made it fail. */
    public CommitStats await() {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return durable.get();
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
