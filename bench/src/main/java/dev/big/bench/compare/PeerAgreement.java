package dev.big.bench.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks that an engine answers every question exactly as the reference does. A comparison run
 * calls {@link #require} for every engine before it times anything: a fast wrong answer is not a
 * result. The reference is either another engine, asked live, or its answers written down earlier
 * (question text to {@link PeerQuestion#describe described} answer), so the reference can be asked
 * once in one JVM and every engine checked against it in its own.
 */
public final class PeerAgreement {

    /** The reference's answers to {@code questions}, by question text, described; the reference must answer every kind. */
    public static Map<String, String> answers(PeerEngine reference, List<PeerQuestion> questions) {
        Map<String, String> answers = new LinkedHashMap<>();
        for (PeerQuestion question : questions) {
            answers.put(question.text(), PeerQuestion.describe(question.ask(reference)));
        }
        return answers;
    }

    /** Every question {@code peer} answers differently from {@code reference}, as readable lines. */
    public static List<String> disagreements(PeerEngine reference, PeerEngine peer, List<PeerQuestion> questions) {
        return disagreements(reference.name(), answers(reference, questions), peer, questions);
    }

    /**
     * Every question {@code peer} answers differently from the written-down {@code expected}
     * answers. Questions of a kind the peer does not answer ({@link PeerEngine#answers}: the
     * analyst's questions, for engines without that SQL) are not asked.
     */
    public static List<String> disagreements(String referenceName, Map<String, String> expected, PeerEngine peer,
                                             List<PeerQuestion> questions) {
        List<String> lines = new ArrayList<>();
        for (PeerQuestion question : questions) {
            if (!peer.answers(question.kind())) {
                continue;
            }
            String wanted = expected.get(question.text());
            if (wanted == null) {
                throw new IllegalArgumentException("no reference answer for " + question);
            }
            String actual;
            try {
                actual = PeerQuestion.describe(question.ask(peer));
            } catch (RuntimeException e) {
                lines.add(peer.name() + " " + question + " threw " + e);
                continue;
            }
            if (!wanted.equals(actual)) {
                lines.add(peer.name() + " " + question + ": expected " + wanted + " (" + referenceName + "), got " + actual);
            }
        }
        return lines;
    }

    /** Throws, listing every disagreement, unless {@code peer} agrees with {@code reference} on all questions. */
    public static void require(PeerEngine reference, PeerEngine peer, List<PeerQuestion> questions) {
        fail(peer, reference.name(), questions.size(), disagreements(reference, peer, questions));
    }

    /** Throws, listing every disagreement, unless {@code peer} gives every written-down answer. */
    public static void require(String referenceName, Map<String, String> expected, PeerEngine peer,
                               List<PeerQuestion> questions) {
        fail(peer, referenceName, questions.size(), disagreements(referenceName, expected, peer, questions));
    }

    private static void fail(PeerEngine peer, String referenceName, int questions, List<String> lines) {
        if (!lines.isEmpty()) {
            throw new IllegalStateException(peer.name() + " disagrees with " + referenceName + " on "
                    + lines.size() + " of " + questions + " questions; no timing of it means anything:\n  "
                    + String.join("\n  ", lines));
        }
    }

    private PeerAgreement() {}
}
