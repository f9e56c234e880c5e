package dev.big.db.sql;

import dev.big.db.InvalidInputException;

/**
 * The wording of SQL errors, in one place so every message has the same three parts: what is
 * wrong, the fragment of the statement it is in (quoted), and what big supports instead.
 */
final class SqlErrors {

    /** The pointer every message ends with when it has nothing more precise to offer. */
    static final String SEE_DOCS = "see docs/sql.md for the supported subset";

    static final String STATEMENT_SHAPES = "big answers SELECT count(*) | aggregates | columns | * FROM table"
            + " [WHERE ...] [GROUP BY keys] [HAVING ...] [ORDER BY ...] [LIMIT n]";

    private static final int MAX_FRAGMENT_CHARS = 200;

    /** SQL outside the subset: {@code what} in "fragment"; {@code supported}. */
    static UnsupportedSqlException unsupported(String what, Object fragment, String supported) {
        return new UnsupportedSqlException(what + " in \"" + shorten(String.valueOf(fragment)) + "\"; " + supported);
    }

    /** SQL in the subset that does not fit the schema (a field of the wrong type, an unknown name). */
    static InvalidInputException invalid(String what, Object fragment) {
        return new InvalidInputException(what + " (in \"" + shorten(String.valueOf(fragment)) + "\")");
    }

    static String shorten(String fragment) {
        String oneLine = IntegerDivisionText.restore(fragment).strip().replaceAll("\\s+", " ");
        return oneLine.length() <= MAX_FRAGMENT_CHARS ? oneLine : oneLine.substring(0, MAX_FRAGMENT_CHARS) + "...";
    }

    private SqlErrors() {}
}
