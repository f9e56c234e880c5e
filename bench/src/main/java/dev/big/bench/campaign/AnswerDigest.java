package dev.big.bench.campaign;

import dev.big.bench.compare.PeerEngine;
import dev.big.bench.compare.PeerQuestion;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A fingerprint of an engine's answers to the first questions of a shape: 64-bit FNV-1a over
 * their canonical forms ({@link PeerQuestion#describe}). The reference and every engine compute it
 * in their own JVMs; equal digests mean equal answers to the very questions that are then timed.
 */
final class AnswerDigest {

    /** Questions per shape whose answers are fingerprinted before timing. */
    static final int CHECKED_QUESTIONS = 8;

    static String of(PeerEngine engine, List<PeerQuestion> questions) {
        long hash = 0xcbf29ce484222325L;
        int n = Math.min(CHECKED_QUESTIONS, questions.size());
        for (int i = 0; i < n; i++) {
            String answer = questions.get(i).text() + "=" + PeerQuestion.describe(questions.get(i).ask(engine)) + "\n";
            for (byte b : answer.getBytes(StandardCharsets.UTF_8)) {
                hash ^= b & 0xff;
                hash *= 0x100000001b3L;
            }
        }
        return String.format("%016x", hash);
    }

    private AnswerDigest() {}
}
