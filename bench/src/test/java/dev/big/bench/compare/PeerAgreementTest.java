package dev.big.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.workload.Event;
import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The agreement check finds a peer that is wrong on a single question, and names it. */
class PeerAgreementTest {

    private final EventGenerator events = new EventGenerator(5, 3_000, new IdLayout.Dense());

    @Test
    void aPeerWrongAtTheLargestValueIsCaught() {
        BruteForcePeer reference = new BruteForcePeer();
        reference.load(events, 1);
        PeerEngine wrong = new OffByOneAtTheTop(reference);
        List<PeerQuestion> questions = PeerQuestions.standard(events);

        List<String> disagreements = PeerAgreement.disagreements(reference, wrong, questions);
        Map<String, String> writtenDown = PeerAgreement.answers(reference, questions);
        assertEquals(disagreements, PeerAgreement.disagreements(reference.name(), writtenDown, wrong, questions),
                "written-down answers find the same disagreement");

        assertEquals(1, disagreements.size(), String.valueOf(disagreements));
        assertTrue(disagreements.getFirst().contains("countValueAtLeast(1048575)"), disagreements.getFirst());
        IllegalStateException failure = assertThrows(IllegalStateException.class,
                () -> PeerAgreement.require(reference, wrong, questions));
        assertTrue(failure.getMessage().contains("1 of " + questions.size()), failure.getMessage());
    }

    @Test
    void theReferenceAgreesWithItself() {
        BruteForcePeer reference = new BruteForcePeer();
        reference.load(events, 1);
        PeerAgreement.require(reference, reference, PeerQuestions.standard(events));
    }

    /** The reference's answers, except one more record counted for {@code value >= 2^20 - 1}. */
    private record OffByOneAtTheTop(BruteForcePeer right) implements PeerEngine {
        @Override public String name() { return "off-by-one"; }
        @Override public void load(Iterable<Event> events, int batchSize) { right.load(events, batchSize); }
        @Override public long pointReadValue(long id) { return right.pointReadValue(id); }
        @Override public long countValueAtLeast(long threshold) {
            long count = right.countValueAtLeast(threshold);
            return threshold == EventGenerator.VALUE_LIMIT - 1 ? count + 1 : count;
        }
        @Override public long countReceivedBetween(long from, long to) { return right.countReceivedBetween(from, to); }
        @Override public long countTypeVerifiedBetween(String type, long from, long to) {
            return right.countTypeVerifiedBetween(type, from, to);
        }
        @Override public long countVerified(boolean verified) { return right.countVerified(verified); }
        @Override public long countType(String type) { return right.countType(type); }
        @Override public Map<String, Long> countByType() { return right.countByType(); }
        @Override public long sumSizeOfType(String type) { return right.sumSizeOfType(type); }
        @Override public void ingest(Iterable<Event> events, int batchSize) { throw new UnsupportedOperationException(); }
        @Override public List<Event> latest(int limit) { return right.latest(limit); }
        @Override public List<Event> before(long cursor, int limit) { return right.before(cursor, limit); }
        @Override public Event byId(long id) { return right.byId(id); }
        @Override public long sizeBytes() { return 0; }
        @Override public void close() {}
    }
}
