package dev.big.cli;

/**
 * A row that cannot be loaded, with where it is and why, in the form compilers use so editors
 * and CI logs link to it: {@code FILE:LINE: field 'x': problem}.
 */
final class BadRowException extends RuntimeException {

    private final RowPosition position;
    private final String rowText;
    /** Whether reading may go on with the next row (false when the file itself cannot be parsed further). */
    private final boolean skippable;

    BadRowException(RowPosition position, String field, String problem, String rowText) {
        this(position, field, problem, rowText, true);
    }

    BadRowException(RowPosition position, String field, String problem, String rowText, boolean skippable) {
        super(position + ": " + (field == null ? "" : "field '" + field + "': ") + problem);
        this.position = position;
        this.rowText = rowText;
        this.skippable = skippable;
    }

    RowPosition position() {
        return position;
    }

    /** The row as it was read, for the reject file. */
    String rowText() {
        return rowText;
    }

    boolean skippable() {
        return skippable;
    }
}
