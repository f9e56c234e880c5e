package dev.big.cli;

/** A value that does not fit its field; the row reader adds where it was. */
final class ValueException extends RuntimeException {

    ValueException(String problem) {
        super(problem, null, false, false);
    }
}
