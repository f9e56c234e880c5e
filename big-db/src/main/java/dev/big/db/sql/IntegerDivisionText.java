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
            int commentEnd = SqlText.afterComment(sql, i);
            if (c == '\'' || c == '"') {
                int end = SqlText.afterQuoted(sql, i);
                end = end < 0 ? n : end;
                out.append(sql, i, end);
                i = end;
            } else if (commentEnd > i) {
                out.append(sql, i, commentEnd);
                i = commentEnd;
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

    /** An expression as JSqlParser prints it, with its integer divisions written as DuckDB's {@code //}. */
    static String restore(String fragment) {
        return fragment.replace(" DIV ", " // ");
    }

    private IntegerDivisionText() {}
}
