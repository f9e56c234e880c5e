package dev.big.bench.campaign;

import dev.big.bench.compare.BruteForcePeer;
import dev.big.bench.compare.PeerAgreement;
import dev.big.bench.compare.PeerQuestion;
import dev.big.bench.compare.PeerQuestions;
import dev.big.workload.EventGenerator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Phase JVM: the reference answers. Loads the workload into the brute-force scanner, chooses the
 * agreement questions from the data ({@link PeerQuestions#standard}), answers them, and answers the
 * first questions of every latency shape; writes it all as {@link ReferenceAnswers}.
 *
 * <pre>--records N --out reference.json</pre>
 */
public final class ReferencePhase {

    public static void main(String[] args) {
        PhaseArgs arguments = new PhaseArgs(args);
        long records = arguments.longValue("records");
        EventGenerator events = Workload.events(records);
        BruteForcePeer reference = new BruteForcePeer();
        reference.load(events, Workload.LOAD_BATCH);
        List<PeerQuestion> questions = PeerQuestions.standard(events, reference.countByType());
        Map<String, String> answers = PeerAgreement.answers(reference, questions);
        Map<String, String> digests = new LinkedHashMap<>();
        for (LatencyShape shape : LatencyShape.values()) {
            digests.put(shape.id(), AnswerDigest.of(reference, shape.questions(records)));
        }
        new ReferenceAnswers(records, questions.stream().map(PeerQuestion::text).toList(), answers, digests)
                .write(arguments.path("out"));
        System.out.println("reference: " + questions.size() + " questions over " + records + " events");
    }

    private ReferencePhase() {}
}
