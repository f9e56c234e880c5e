package dev.big.bench.compare;

import java.util.Arrays;
import java.util.function.Function;

/**
 * One question put to every peer: a readable description (the query shape and its parameters)
 * and how to ask it. Answers are longs, arrays of ids, maps of counts or events, compared by value.
 */
public record PeerQuestion(String text, Function<PeerEngine, Object> ask) {

    /** The answer in a form fit for a message (arrays spelled out). */
    static String describe(Object answer) {
        return answer instanceof long[] ids ? Arrays.toString(ids) : String.valueOf(answer);
    }

    @Override
    public String toString() {
        return text;
    }
}
