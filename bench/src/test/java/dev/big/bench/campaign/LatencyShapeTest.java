package dev.big.bench.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.bench.compare.BruteForcePeer;
import dev.big.bench.compare.PeerQuestion;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every shape asks the same sequence of questions wherever it is built (so every engine's JVM
 * times the same calls), and its questions lie inside the data: they find records.
 */
class LatencyShapeTest {

    static final long RECORDS = 20_000;
    static final BruteForcePeer REFERENCE = new BruteForcePeer();

    static {
        REFERENCE.load(Workload.events(RECORDS), 1);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(LatencyShape.class)
    void theSequenceIsFixedAndFindsRecords(LatencyShape shape) {
        List<PeerQuestion> questions = shape.questions(RECORDS);
        assertEquals(LatencyShape.QUESTIONS, questions.size());
        assertEquals(questions, shape.questions(RECORDS), "built again, the same questions");
        int empty = 0;
        for (PeerQuestion question : questions.subList(0, 50)) {
            assertEquals(question, PeerQuestion.parse(question.text()));
            Object answer = question.ask(REFERENCE);
            if (answer == null || answer.equals(0L) || answer.equals(-1L) || answer instanceof List<?> l && l.isEmpty()) {
                empty++;
            }
        }
        assertTrue(empty == 0, shape + ": " + empty + " of 50 questions found nothing");
    }
}
