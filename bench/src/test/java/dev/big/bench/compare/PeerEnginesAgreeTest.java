package dev.big.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.bench.BenchFiles;
import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every peer engine, loaded with the same generated events in a dense and a sparse layout,
 * answers every standard question exactly like a brute-force scan of the events.
 */
class PeerEnginesAgreeTest {

    private static final long SEED = 20_240_601;
    private static final int EVENTS = 20_000;
    private static final int BATCH = 1_000;
    private static final Map<String, List<PeerQuestion>> QUESTIONS = new ConcurrentHashMap<>();

    static Stream<Arguments> peersAndLayouts() {
        List<Arguments> cases = new ArrayList<>();
        for (String layout : List.of("dense", "sparse/64")) {
            for (String peer : PeerEngines.NAMES) {
                cases.add(Arguments.of(peer, layout));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("peersAndLayouts")
    void answersEveryQuestionLikeABruteForceScan(String peerName, String layout) throws Exception {
        EventGenerator events = events(layout);
        List<PeerQuestion> questions = QUESTIONS.computeIfAbsent(layout, l -> PeerQuestions.standard(events));
        BruteForcePeer reference = new BruteForcePeer();
        reference.load(events, BATCH);
        Path dir = BenchFiles.newDir(peerName);
        try (PeerEngine peer = PeerEngines.create(peerName, dir)) {
            peer.load(events, BATCH);
            List<String> disagreements = PeerAgreement.disagreements(reference, peer, questions);
            assertEquals(List.of(), disagreements, peerName + " on " + layout);
            if (peerName.equals("roaring")) {
                assertEquals(0, peer.sizeOnDiskBytes(), "an in-memory engine takes no disk");
            } else {
                assertTrue(peer.sizeOnDiskBytes() > 20L * EVENTS, peerName + " keeps its data on disk");
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
        List<PeerQuestion> questions = PeerQuestions.standard(events);
        Map<String, Object> answers = new java.util.HashMap<>();
        for (PeerQuestion question : questions) {
            answers.put(question.text(), question.ask().apply(reference));
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
    }

    private static EventGenerator events(String layout) {
        return new EventGenerator(SEED, EVENTS, IdLayout.parse(layout));
    }
}
