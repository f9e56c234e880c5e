package dev.big.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.bench.BenchFiles;
import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every engine (big through SQL and through its typed API, and every peer), loaded with the same
 * generated events in a dense and a sparse layout, answers every standard question exactly like a
 * brute-force scan of the events: once right after the load, and again after being reopened from
 * its directory, which is how the campaign's query JVMs see it.
 */
class PeerEnginesAgreeTest {

    private static final long SEED = 20_240_601;
    private static final int EVENTS = 20_000;
    private static final int BATCH = 1_000;
    private static final Map<String, Map<String, String>> ANSWERS = new ConcurrentHashMap<>();
    private static final Map<String, List<PeerQuestion>> QUESTIONS = new ConcurrentHashMap<>();

    static Stream<Arguments> enginesAndLayouts() {
        List<Arguments> cases = new ArrayList<>();
        for (String layout : List.of("dense", "sparse/64")) {
            for (String engine : PeerEngines.NAMES) {
                cases.add(Arguments.of(engine, layout));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("enginesAndLayouts")
    void answersEveryQuestionLikeABruteForceScan(String engineName, String layout) throws Exception {
        EventGenerator events = events(layout);
        List<PeerQuestion> questions = QUESTIONS.computeIfAbsent(layout, l -> PeerQuestions.standard(events));
        Map<String, String> expected = ANSWERS.computeIfAbsent(layout, l -> {
            BruteForcePeer reference = new BruteForcePeer();
            reference.load(events, BATCH);
            return PeerAgreement.answers(reference, questions);
        });
        Path dir = BenchFiles.newDir(engineName);
        try {
            try (PeerEngine engine = PeerEngines.create(engineName, dir)) {
                engine.load(events, BATCH);
                assertEquals(List.of(), PeerAgreement.disagreements("brute-force", expected, engine, questions),
                        engineName + " on " + layout + " after loading");
                assertTrue(engine.sizeBytes() > 10L * EVENTS, engineName + " reports the size of its data: " + engine.sizeBytes());
            }
            try (PeerEngine reopened = PeerEngines.open(engineName, dir)) {
                assertEquals(List.of(), PeerAgreement.disagreements("brute-force", expected, reopened, questions),
                        engineName + " on " + layout + " reopened");
            }
        } finally {
            BenchFiles.deleteRecursively(dir);
        }
    }

    /** The questions are not all trivial: their reference answers cover empty, partial and full results. */
    @Test
    void theQuestionsReachEdgesAndMiddles() {
        EventGenerator events = events("sparse/64");
        BruteForcePeer reference = new BruteForcePeer();
        reference.load(events, BATCH);
        Map<String, Object> answers = new HashMap<>();
        for (PeerQuestion question : PeerQuestions.standard(events)) {
            answers.put(question.text(), question.ask(reference));
        }
        assertEquals((long) EVENTS, answers.get("countValueAtLeast(0)"));
        assertEquals((long) EVENTS, answers.get("countValueAtLeast(-1)"));
        assertEquals(0L, answers.get("countValueAtLeast(1048576)"));
        long lastValue = (Long) answers.get("countValueAtLeast(1048575)");
        assertTrue(lastValue >= 0 && lastValue < 5, "hardly any value is the maximum: " + lastValue);
        long absent = answers.entrySet().stream()
                .filter(e -> e.getKey().startsWith("pointReadValue") && e.getValue().equals(PeerEngine.ABSENT)).count();
        long present = answers.entrySet().stream()
                .filter(e -> e.getKey().startsWith("pointReadValue") && !e.getValue().equals(PeerEngine.ABSENT)).count();
        assertTrue(absent >= 3 && present >= 20, "absent " + absent + ", present " + present);
        long hour = answers.entrySet().stream()
                .filter(e -> e.getKey().startsWith("countReceivedBetween")).mapToLong(e -> (Long) e.getValue())
                .filter(n -> n > 3_000 && n < 4_200).count();
        assertEquals(1, hour, "one window is an hour of about 3,600 events");
        assertEquals(reference.countVerified(true) + reference.countVerified(false), (long) EVENTS);
        assertTrue(reference.countType("type19") > 0, "the least common type occurs");
        long fullPages = answers.entrySet().stream()
                .filter(e -> e.getKey().startsWith("before(") && ((List<?>) e.getValue()).size() == 10).count();
        long emptyPages = answers.entrySet().stream()
                .filter(e -> e.getKey().startsWith("before(") && ((List<?>) e.getValue()).isEmpty()).count();
        assertTrue(fullPages >= 5 && emptyPages >= 1, "pages before cursors: " + fullPages + " full, " + emptyPages + " empty");
    }

    @Test
    void everyQuestionReadsBackFromItsText() {
        for (PeerQuestion question : PeerQuestions.standard(events("dense"))) {
            assertEquals(question, PeerQuestion.parse(question.text()));
        }
    }

    private static EventGenerator events(String layout) {
        return new EventGenerator(SEED, EVENTS, IdLayout.parse(layout));
    }
}
