package dev.big.cli;

import com.fasterxml.jackson.core.JacksonException;

/** Jackson's parse errors, without the placeholder it prints where the input's source would go. */
final class JsonErrors {

    static String describe(JacksonException e) {
        return e.getOriginalMessage().replaceAll("\\[Source: [^;\\]]*; ", "[");
    }

    private JsonErrors() {}
}
