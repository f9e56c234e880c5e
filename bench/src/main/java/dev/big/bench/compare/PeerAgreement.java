package dev.big.bench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Checks that a peer answers every question exactly as the reference does. A comparison run
 * calls {@link #require} for every engine before it times anything: a fast wrong answer is not a
 * result.
 */
public final class PeerAgreement {

    /** Every question {@code peer} answers differently from {@code reference}, as readable lines. */
    public static List<String> disagreements(PeerEngine reference, PeerEngine peer, List<PeerQuestion> questions) {
        List<String> lines = new ArrayList<>();
        for (PeerQuestion question : questions) {
            Object expected = question.ask().apply(reference);
            Object actual;
            try {
                actual = question.ask().apply(peer);
            } catch (RuntimeException e) {
                lines.add(peer.name() + " " + question + " threw " + e);
                continue;
            }
            if (!Objects.deepEquals(expected, actual)) {
                lines.add(peer.name() + " " + question + ": expected " + PeerQuestion.describe(expected)
                        + " (" + reference.name() + "), got " + PeerQuestion.describe(actual));
            }
        }
        return lines;
    }

    /** Throws, listing every disagreement, unless {@code peer} agrees with {@code reference} on all questions. */
    public static void require(PeerEngine reference, PeerEngine peer, List<PeerQuestion> questions) {
        List<String> lines = disagreements(reference, peer, questions);
        if (!lines.isEmpty()) {
            throw new IllegalStateException(peer.name() + " disagrees with " + reference.name() + " on "
                    + lines.size() + " of " + questions.size() + " questions; no timing of it means anything:\n  "
                    + String.join("\n  ", lines));
        }
    }

    private PeerAgreement() {}
}
