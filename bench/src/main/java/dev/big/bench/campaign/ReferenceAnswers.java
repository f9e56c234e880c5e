package dev.big.bench.campaign;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The reference's answers, written once by {@link ReferencePhase} and read by every query JVM:
 * the agreement questions (as text) with their described answers, and per latency shape the
 * {@link AnswerDigest} of the answers to its first questions.
 */
record ReferenceAnswers(long records, List<String> questions, Map<String, String> answers, Map<String, String> digests) {

    void write(Path file) {
        try {
            PhaseOutput.JSON.writeValue(file.toFile(), this);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    static ReferenceAnswers read(Path file) {
        try {
            return PhaseOutput.JSON.readValue(file.toFile(), ReferenceAnswers.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the reference answers " + file, e);
        }
    }
}
