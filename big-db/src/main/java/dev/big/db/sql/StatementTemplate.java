package dev.big.db.sql;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserConstants;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.parser.TokenMgrException;

/**
 * A statement's text with its literals taken out: {@code SELECT * FROM events WHERE type = 'click'
 * AND id < 123456 ORDER BY id DESC LIMIT 50} becomes {@code SELECT * FROM events WHERE type = :s0
 * AND id < :i1 ORDER BY id DESC LIMIT :i2} with the values {@code ["click", 123456, 50]}.
 *
 * <p>Why: cursor paging, time windows and filters on another value send the same statement again
 * and again with other literals, and parsing costs a hundred microseconds or more while lexing
 * costs tens. Statements that differ only in literals share one compiled template. The text is
 * lexed by JSqlParser's own token manager, configured as its parser is, so the template holds
 * exactly the tokens the parser would have read (whitespace and comments dropped). Each literal
 * becomes a named parameter whose name gives its kind and its index among the values:
 * {@code :i<n>} an integer (a BigInteger value), {@code :s<n>} a string, {@code :t<n>} the string
 * of a {@code TIMESTAMP '...'} literal (the keyword is dropped with it).
 *
 * <p>A template is only an optimisation: the engine compiles the statement's own text whenever
 * the template does not compile (a literal where a parameter is not allowed, like
 * {@code ORDER BY 2}) and re-runs a failing template from the text, so templates never change an
 * answer or an error message.
 */
record StatementTemplate(String text, List<Object> values) {

    StatementTemplate {
        values = List.copyOf(values);
    }

    /** The template of {@code sql}, or null when it has none (it holds parameters itself, or does not lex). */
    static StatementTemplate of(String sql) {
        if (sql.isBlank()) {
            return null;
        }
        List<String> tokens = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        try {
            CCJSqlParser lexer = SqlParser.newParser(sql);
            for (Token token = lexer.getNextToken(); token.kind != CCJSqlParserConstants.EOF; token = lexer.getNextToken()) {
                String image = token.image;
                if (isParameterMarker(image)) {
                    return null;
                }
                if (token.kind == CCJSqlParserConstants.S_LONG) {
                    tokens.add(":i" + values.size());
                    values.add(new BigInteger(image));
                } else if (token.kind == CCJSqlParserConstants.S_CHAR_LITERAL && image.length() >= 2 && image.startsWith("'")) {
                    boolean typed = !tokens.isEmpty() && tokens.getLast().equalsIgnoreCase("TIMESTAMP");
                    if (typed) {
                        tokens.removeLast();
                    }
                    tokens.add((typed ? ":t" : ":s") + values.size());
                    values.add(image.substring(1, image.length() - 1).replace("''", "'"));
                } else {
                    tokens.add(image);
                }
            }
        } catch (TokenMgrException | NumberFormatException e) {
            return null;
        }
        return new StatementTemplate(String.join(" ", tokens), values);
    }

    /** JDBC ({@code ?}, {@code ?1}), numbered ({@code $1}) and named ({@code :name}) parameters written by the caller. */
    private static boolean isParameterMarker(String image) {
        return image.startsWith("?") || image.startsWith("$") || (image.startsWith(":") && !image.equals("::"));
    }
}
