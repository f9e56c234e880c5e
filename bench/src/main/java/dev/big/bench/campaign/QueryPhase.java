package dev.big.bench.campaign;

import dev.big.bench.compare.PeerAgreement;
import dev.big.bench.compare.PeerEngine;
import dev.big.bench.compare.PeerEngines;
import dev.big.bench.compare.PeerQuestion;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Phase JVM: one engine's query latencies, in a JVM that did not load the data (the JIT state of
 * a load distorts query timings). Opens what the load left; requires every agreement question
 * ({@link dev.big.bench.compare.PeerQuestions}) to be answered exactly as the reference answered
 * it and the first questions of every shape to have the reference's {@link AnswerDigest}; warms up
 * on every shape in turn; then times each shape: p50, p95, p99 and max in microseconds. Shapes of
 * a kind the engine does not answer (the analyst's, for engines without that SQL) are not run;
 * the fact {@value #UNANSWERED} lists them for the report.
 *
 * <pre>--engine big --data DIR --records N --budget quick --reference reference.json --shapes a,b --out out.json</pre>
 */
public final class QueryPhase {

    /** The fact listing the shapes asked of the engine that it does not answer ({@link PeerEngine#answers}). */
    static final String UNANSWERED = "unanswered_shapes";

    public static void main(String[] args) throws Exception {
        PhaseArgs arguments = new PhaseArgs(args);
        String engineName = arguments.string("engine");
        long records = arguments.longValue("records");
        Budget budget = arguments.budget();
        ReferenceAnswers reference = ReferenceAnswers.read(arguments.path("reference"));
        if (reference.records() != records) {
            throw new IllegalStateException("the reference answers are for " + reference.records() + " records, not " + records);
        }
        List<LatencyShape> asked = Arrays.stream(arguments.string("shapes").split(",")).map(LatencyShape::ofId).toList();
        PhaseOutput.Builder out = new PhaseOutput.Builder();
        long openStart = System.nanoTime();
        try (PeerEngine engine = PeerEngines.open(engineName, arguments.path("data"))) {
            out.fact("open_ms", String.format(Locale.ROOT, "%.1f", (System.nanoTime() - openStart) / 1e6));
            List<LatencyShape> shapes = asked.stream().filter(shape -> engine.answers(shape.kind())).toList();
            List<String> unanswered = asked.stream().filter(shape -> !engine.answers(shape.kind())).map(LatencyShape::id).toList();
            if (!unanswered.isEmpty()) {
                out.fact(UNANSWERED, String.join(",", unanswered));
                System.out.println(engineName + " does not answer " + String.join(", ", unanswered));
            }
            List<PeerQuestion> questions = reference.questions().stream().map(PeerQuestion::parse).toList();
            PeerAgreement.require("brute-force", reference.answers(), engine, questions);
            out.fact("agreed_questions", questions.size());
            List<List<PeerQuestion>> sequences = new ArrayList<>();
            for (LatencyShape shape : shapes) {
                sequences.add(requireDigest(engine, shape, records, reference));
            }
            LatencyTimer timer = new LatencyTimer(budget);
            long slice = budget.warmupMillis() / Math.max(1, 2L * shapes.size());
            for (int pass = 0; pass < 2; pass++) {
                for (List<PeerQuestion> sequence : sequences) {
                    timer.warmUp(engine, sequence, slice);
                }
            }
            for (int i = 0; i < shapes.size(); i++) {
                LatencyShape shape = shapes.get(i);
                System.gc();
                timer.warmUp(engine, sequences.get(i), budget.shapeWarmupMillis());
                LatencyStats stats = timer.time(engine, sequences.get(i));
                out.metric(Metric.micros(shape.id(), engineName, "p50", stats.p50(), records))
                        .metric(Metric.micros(shape.id(), engineName, "p95", stats.p95(), records))
                        .metric(Metric.micros(shape.id(), engineName, "p99", stats.p99(), records))
                        .metric(Metric.micros(shape.id(), engineName, "max", stats.max(), records))
                        .fact(shape.id() + ".calls", stats.calls());
                System.out.printf(Locale.ROOT, "%s %s: %d calls, p50 %.2f us, p99 %.2f us%n",
                        engineName, shape.id(), stats.calls(), stats.p50(), stats.p99());
            }
            out.fact("consumed", timer.consumed());
        }
        out.build().write(arguments.path("out"));
    }

    /** The shape's questions, once {@code engine} answered the first ones as the reference did. */
    static List<PeerQuestion> requireDigest(PeerEngine engine, LatencyShape shape, long records, ReferenceAnswers reference) {
        List<PeerQuestion> sequence = shape.questions(records);
        String digest = AnswerDigest.of(engine, sequence);
        String expected = reference.digests().get(shape.id());
        if (!digest.equals(expected)) {
            throw new IllegalStateException(engine.name() + " answers the first " + AnswerDigest.CHECKED_QUESTIONS
                    + " questions of " + shape.id() + " differently from the reference (digest " + digest + ", expected "
                    + expected + "): " + sequence.subList(0, AnswerDigest.CHECKED_QUESTIONS));
        }
        return sequence;
    }

    private QueryPhase() {}
}
