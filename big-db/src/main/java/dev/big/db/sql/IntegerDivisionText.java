package dev.big.db.sql;

/**
 * Makes DuckDB's integer division {@code a // b} parseable: JSqlParser's lexer reads {@code //} as
 * the start of a comment, so {@code SELECT v // 10 AS b FROM t} would silently become
 * {@code SELECT v}. Before lexing, every {@code //} outside string literals, quoted identifiers
 * and comments becomes {@code DIV}, which JSqlParser parses as an integer division with the
 * precedence of {@code /}, as {@code //} has in DuckDB. Fragments quoted in messages and result
 * names show {@code //} again ({@link #restore}).
 */
final class IntegerDivisionText {

    static final String REPLACEMENT = " DIV ";

    /** {@code sql} with each {@code //} operator written as {@code DIV} (the same string when it has none). */
    static String rewrite(String sql) {
        if (sql.indexOf("//") < 0) {
            return sql;
        }
        StringBuilder out = new StringBuilder(sql.length() + 8);
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"') {
                int end = closing(sql, i, c);
                out.append(sql, i, end);
                i = end;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int end = sql.indexOf('\n', i);
                end = end < 0 ? n : end;
                out.append(sql, i, end);
                i = end;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                out.append(sql, i, end);
                i = end;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '/') {
                out.append(REPLACEMENT);
                i += 2;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** The index just past the quote closing the one at {@code start} (a doubled quote is part of the text). */
    private static int closing(String sql, int start, char quote) {
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
        return sql.length();
    }

    /** An expression as JSqlParser prints it, with its integer divisions written as DuckDB's {@code //}. */
    static String restore(String fragment) {
        return fragment.replace(" DIV ", " // ");
    }

    private IntegerDivisionText() {}
}
