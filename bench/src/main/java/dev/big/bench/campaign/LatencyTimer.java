package dev.big.bench.campaign;

import dev.big.bench.compare.PeerEngine;
import dev.big.bench.compare.PeerQuestion;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Times an engine's calls of one shape one by one: cycles through the shape's questions for the
 * measuring time (at least {@code minCalls}, at most {@code maxCalls} calls), reading
 * {@code System.nanoTime} around each call. A call is the engine's {@link PeerEngine#reply}: its
 * result with every value produced, not yet sorted into the canonical answer the agreement checks
 * compare (that is the harness's work, and for big's 20 groups it took longer than the query).
 * {@link #warmUp} asks without timing. The replies are folded into {@link #consumed()} so no call
 * can be optimized away. Each shape's sequence is continued where the last warm-up or measurement
 * of it stopped.
 */
final class LatencyTimer {

    private final Budget budget;
    private final Map<List<PeerQuestion>, Integer> positions = new IdentityHashMap<>();
    private long consumed;

    LatencyTimer(Budget budget) {
        this.budget = budget;
    }

    /** Asks the shape's questions for {@code millis}, at least twice, untimed. */
    void warmUp(PeerEngine engine, List<PeerQuestion> questions, long millis) {
        int next = positions.getOrDefault(questions, 0);
        long end = System.nanoTime() + millis * 1_000_000;
        int calls = 0;
        while (calls < 2 || System.nanoTime() < end) {
            consumed += PeerQuestion.token(engine.reply(questions.get(next)));
            next = (next + 1) % questions.size();
            calls++;
        }
        positions.put(questions, next);
    }

    LatencyStats time(PeerEngine engine, List<PeerQuestion> questions) {
        int next = positions.getOrDefault(questions, 0);
        long[] nanos = new long[budget.maxCalls()];
        int calls = 0;
        long measureEnd = System.nanoTime() + budget.measureMillis() * 1_000_000;
        while (calls < budget.maxCalls()) {
            PeerQuestion question = questions.get(next);
            long start = System.nanoTime();
            Object reply = engine.reply(question);
            long end = System.nanoTime();
            consumed += PeerQuestion.token(reply);
            nanos[calls++] = end - start;
            next = (next + 1) % questions.size();
            if (calls >= budget.minCalls() && end >= measureEnd) {
                break;
            }
        }
        positions.put(questions, next);
        return LatencyStats.of(nanos, calls);
    }

    /** The folded answers; printing it keeps the JIT honest. */
    long consumed() {
        return consumed;
    }
}
