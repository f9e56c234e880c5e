package dev.big.db.query;

import dev.big.engine.ReadTxn;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs a query's per-shard work on every core: the calling thread and up to {@link #THREADS} - 1
 * helper threads take shards one at a time from a shared counter, each worker with its own {@link
 * QueryEngine} (an engine reuses buffers and belongs to one thread) on the caller's read
 * transaction. Shards are independent, so a query over ten shards on two cores takes about half
 * the time; DuckDB, the peer in the campaign, also uses every core.
 *
 * <p>Safety: the caller does not return, even when interrupted or when a worker failed, before
 * every shard a helper took is finished, so no helper reads after the caller closes its
 * transaction (the transaction's pin covers every page a helper reads). A helper that starts after
 * all shards are taken touches nothing. The caller always works too, so a query never waits for a
 * busy pool: at worst it does every shard itself. Only read transactions are shared: a view of a
 * write transaction (its dirty nodes change under a reader) is read by the caller alone.
 */
final class ShardWorkers {

    /**
     * How many threads a query uses at most, the caller included: the {@code big.query.threads}
     * system property, by default the number of cores; 1 reads every shard on the calling thread.
     */
    static final int THREADS = Math.max(1, Integer.getInteger("big.query.threads", Runtime.getRuntime().availableProcessors()));

    /**
     * The work of one worker, made once per worker with that worker's engine; given one shard at a
     * time (a {shard number, record count} pair, or a {@link ShardPlan}).
     */
    interface ShardWork<T, R> {
        /** What {@code shard} contributes, or null for nothing. */
        R run(T shard);
    }

    private ShardWorkers() {}

    /**
     * Runs {@code work} on every shard of {@code shards} and returns the results in shard order
     * (null where a shard contributed nothing). {@code work} is called once per worker with its
     * engine: {@code engine} itself for the calling thread.
     */
    static <T, R> List<R> map(QueryEngine engine, List<T> shards, Function<QueryEngine, ShardWork<T, R>> work) {
        return map(engine, shards, THREADS, work);
    }

    /** {@link #map} with at most {@code threads} threads, the caller included. */
    static <T, R> List<R> map(QueryEngine engine, List<T> shards, int threads, Function<QueryEngine, ShardWork<T, R>> work) {
        int helpers = Math.min(threads, shards.size()) - 1;
        if (helpers <= 0 || !(engine.txn() instanceof ReadTxn)) {
            ShardWork<T, R> alone = work.apply(engine);
            List<R> results = new ArrayList<>(shards.size());
            for (T shard : shards) {
                results.add(alone.run(shard));
            }
            return results;
        }
        Run<T, R> run = new Run<>(shards);
        for (int h = 0; h < helpers; h++) {
            try {
                Pool.HELPERS.execute(() -> run.drain(() -> work.apply(new QueryEngine(engine.txn()))));
            } catch (RejectedExecutionException e) {
                break; // the pool is shutting down with the JVM: the caller does the rest
            }
        }
        run.drain(() -> work.apply(engine));
        run.awaitTaken();
        return run.results();
    }

    /** One {@link #map} call: the shards, who took which, and what came out. */
    private static final class Run<T, R> {
        private final List<T> shards;
        private final Object[] results;
        private final AtomicInteger next = new AtomicInteger();
        /** Counts down once per shard, when it is done, skipped after a failure, or failed. */
        private final CountDownLatch done;
        private final AtomicReference<Throwable> failure = new AtomicReference<>();

        Run(List<T> shards) {
            this.shards = shards;
            this.results = new Object[shards.size()];
            this.done = new CountDownLatch(shards.size());
        }

        /** Takes shards until none are left; the worker's work is made only once it has taken one. */
        void drain(Supplier<ShardWork<T, R>> makeWork) {
            ShardWork<T, R> work = null;
            for (int i = next.getAndIncrement(); i < results.length; i = next.getAndIncrement()) {
                try {
                    if (failure.get() == null) {
                        if (work == null) {
                            work = makeWork.get();
                        }
                        results[i] = work.run(shards.get(i));
                    }
                } catch (Throwable t) {
                    if (!failure.compareAndSet(null, t)) {
                        failure.get().addSuppressed(t);
                    }
                } finally {
                    done.countDown();
                }
            }
        }

        /** Waits for every shard, even when interrupted (the interrupt status is kept for the caller). */
        void awaitTaken() {
            boolean interrupted = false;
            while (true) {
                try {
                    done.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        @SuppressWarnings("unchecked")
        List<R> results() {
            Throwable t = failure.get();
            if (t instanceof RuntimeException e) {
                throw e;
            }
            if (t instanceof Error e) {
                throw e;
            }
            if (t != null) {
                throw new IllegalStateException(t);
            }
            return (List<R>) Arrays.asList(results);
        }
    }

    /** The helper threads, made on first use: daemons, so an embedding application can exit; idle ones end after a while. */
    private static final class Pool {
        static final ExecutorService HELPERS = helpers();

        private static ExecutorService helpers() {
            AtomicInteger number = new AtomicInteger();
            int size = Math.max(1, THREADS - 1);
            ThreadPoolExecutor pool = new ThreadPoolExecutor(size, size, 30, TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(), task -> {
                        Thread thread = new Thread(task, "big-query-" + number.incrementAndGet());
                        thread.setDaemon(true);
                        return thread;
                    });
            pool.allowCoreThreadTimeOut(true);
            return pool;
        }
    }
}
