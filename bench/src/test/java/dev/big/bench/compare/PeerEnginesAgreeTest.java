package dev.big.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.bench.BenchFiles;
import dev.big.workload.Event;
import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
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
@Tag("slow")
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

    /**
     * The analyst's questions are asked of big through SQL and of DuckDB (and the reference), which
     * must answer every kind; the engines without that SQL say they do not, and refuse if asked.
     */
    @Test
    void theSqlEnginesAnswerTheAnalystsQuestionsAndTheOthersSaySo() throws Exception {
        List<PeerQuestion.Kind> analyst = Arrays.stream(PeerQuestion.Kind.values()).filter(PeerQuestion.Kind::analyst).toList();
        assertTrue(analyst.size() >= 11, "the analyst's kinds: " + analyst);
        for (String name : PeerEngines.NAMES) {
            Path dir = BenchFiles.newDir(name);
            try (PeerEngine engine = PeerEngines.create(name, dir)) {
                for (PeerQuestion.Kind kind : analyst) {
                    boolean expected = name.equals("big") || name.equals("duckdb");
                    assertEquals(expected, engine.answers(kind), name + " answers " + kind);
                }
                for (PeerQuestion.Kind kind : PeerQuestion.Kind.values()) {
                    if (!kind.analyst()) {
                        assertTrue(engine.answers(kind), name + " answers " + kind);
                    }
                }
                if (!engine.answers(PeerQuestion.Kind.COUNT_PER_MONTH)) {
                    assertThrows(UnsupportedOperationException.class,
                            () -> engine.answer(PeerQuestion.of(PeerQuestion.Kind.COUNT_PER_MONTH)), name);
                }
            } finally {
                BenchFiles.deleteRecursively(dir);
            }
        }
        assertTrue(analyst.stream().allMatch(new BruteForcePeer()::answers), "the reference answers every kind");
        List<PeerQuestion.Kind> asked = PeerQuestions.standard(events("dense")).stream().map(PeerQuestion::kind).toList();
        assertTrue(asked.containsAll(analyst), "every analyst's kind is among the agreement questions");
    }

    /** The analyst's questions reach empty, partial and full answers too, and the reference's are right by hand. */
    @Test
    void theAnalystsQuestionsReachEdgesAndMiddles() {
        EventGenerator events = events("sparse/64");
        BruteForcePeer reference = new BruteForcePeer();
        reference.load(events, BATCH);
        Map<String, Object> answers = new HashMap<>();
        for (PeerQuestion question : PeerQuestions.standard(events)) {
            if (question.kind().analyst()) {
                answers.put(question.text(), question.ask(reference));
            }
        }
        long emptyHourGroups = answers.entrySet().stream()
                .filter(e -> e.getKey().startsWith("countPerHourBetween") && ((Map<?, ?>) e.getValue()).isEmpty()).count();
        long dayGroups = answers.entrySet().stream()
                .filter(e -> e.getKey().startsWith("countPerHourBetween")).mapToLong(e -> ((Map<?, ?>) e.getValue()).size())
                .max().orElseThrow();
        assertEquals(2, emptyHourGroups, "a window before the data and an inverted one have no groups");
        assertTrue(dayGroups >= 5, "20,000 events a second apart span more than five hours: " + dayGroups);
        Map<?, ?> histogram = (Map<?, ?>) answers.get("valueHistogram(65536)");
        assertEquals(16, histogram.size(), "values in [0, 2^20) fall in 16 buckets of 65,536: " + histogram);
        assertEquals((long) EVENTS, histogram.values().stream().mapToLong(n -> (Long) n).sum());
        assertEquals(null, answers.get("medianSizeOfType(no-such-type)"));
        long interpolated = answers.entrySet().stream().filter(e -> e.getKey().startsWith("medianSizeOfType")
                && e.getValue() instanceof Double median && median != Math.floor(median)).count();
        assertTrue(interpolated >= 1, "some type has an even count whose median lies between two sizes: " + answers);
        assertEquals(List.of(), answers.get("topByReceivedAtOfType(no-such-type, 10)"));
        assertEquals(10, ((List<?>) answers.get("topByValue(10)")).size());
        long[] values = new long[EVENTS];
        int i = 0;
        long maxValue = -1;
        long maxValueId = -1;
        for (Event event : events) {
            values[i++] = event.value();
            if (event.value() > maxValue || event.value() == maxValue && event.id() < maxValueId) {
                maxValue = event.value();
                maxValueId = event.id();
            }
        }
        Arrays.sort(values);
        assertEquals(values[0], answers.get("valueQuantileDisc(0)"));
        assertEquals(values[EVENTS - 1], answers.get("valueQuantileDisc(1)"));
        assertEquals(values[EVENTS / 2 - 1], answers.get("valueQuantileDisc(0.5)"), "DuckDB's position max(1, n - floor(n - q n)) - 1");
        assertEquals(values[19_800 - 1], answers.get("valueQuantileDisc(0.99)"));
        assertEquals(List.of(List.of(maxValueId, maxValue)), answers.get("topByValue(1)"));
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
