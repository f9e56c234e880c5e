package dev.big.trino;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The splits this JVM ran lately (query, file, first id, node, commit), newest last: how an
 * operator or a test sees where the work of a query went. Bounded, so a long-running server keeps
 * only the last {@link #CAPACITY}.
 */
public final class SplitRuns {

    public static final int CAPACITY = 10_000;

    /**
     * One split run: which node read ids [firstId, endId) of a file at which commit, for which
     * query. The one split of a pushed aggregation makes a run per file, of ids [0, Long.MAX_VALUE).
     */
    public record Run(String queryId, String file, long firstId, long endId, long txid, String nodeId, String hostAndPort,
                      boolean remotelyAccessible) {}

    private static final Deque<Run> RUNS = new ArrayDeque<>();

    /** Called on the thread that runs a split, just before it opens its commit: how tests act mid-query. */
    static volatile java.util.function.Consumer<Run> beforeRead = run -> { };

    private SplitRuns() {}

    static void add(Run run) {
        synchronized (RUNS) {
            if (RUNS.size() == CAPACITY) {
                RUNS.removeFirst();
            }
            RUNS.addLast(run);
        }
        beforeRead.accept(run);
    }

    /** The runs of query {@code queryId} still remembered. */
    public static List<Run> of(String queryId) {
        synchronized (RUNS) {
            List<Run> runs = new ArrayList<>();
            for (Run run : RUNS) {
                if (run.queryId().equals(queryId)) {
                    runs.add(run);
                }
            }
            return runs;
        }
    }
}
