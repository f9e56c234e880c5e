package dev.big.db.sql;

/**
 * Reading SQL text by hand, where a parser or lexer would cost more than the question is worth
 * (a statement's first word, the end of COPY's parenthesized query, the {@code //} to rewrite):
 * where blanks and comments end, and where a string or quoted name closes.
 */
final class SqlText {

    /** Where the blanks and comments ({@code -- ...} to the line's end, {@code /* ... *}{@code /}) from {@code at} end. */
    static int afterBlanks(String sql, int at) {
        while (at < sql.length()) {
            if (Character.isWhitespace(sql.charAt(at))) {
                at++;
            } else {
                int end = afterComment(sql, at);
                if (end == at) {
                    break;
                }
                at = end;
            }
        }
        return at;
    }

    /** Where the comment that starts at {@code at} ends ({@code at} itself when none starts there). */
    static int afterComment(String sql, int at) {
        if (sql.startsWith("--", at)) {
            int end = sql.indexOf('\n', at);
            return end < 0 ? sql.length() : end + 1;
        }
        if (sql.startsWith("/*", at)) {
            int end = sql.indexOf("*/", at + 2);
            return end < 0 ? sql.length() : end + 2;
        }
        return at;
    }

    /**
     * The index just past the quote closing the one at {@code start} (a doubled quote is part of
     * the text), or -1 when the text ends first.
     */
    static int afterQuoted(String sql, int start) {
        char quote = sql.charAt(start);
        int i = start + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return -1;
    }

    private SqlText() {}
}
