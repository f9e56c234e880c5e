package dev.big.db.sql;

import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserConstants;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.parser.TokenMgrException;

/**
 * A statement with {@code ?} parameters as the lexer read it, once: its tokens and where its
 * {@code ?} stand. A statement runs compiled from a template in which each {@code ?} is a parameter
 * of its value's kind ({@link StatementTemplate#withParameters}); the template of any kinds of
 * values is put together from these tokens, so a prepared statement is lexed once, however many
 * times it runs and with whatever values.
 */
final class ParameterMarkers {

    private final String sql;
    private final List<String> tokens;
    /** The index in {@code tokens} of each {@code ?}, in order. */
    private final int[] markers;

    private ParameterMarkers(String sql, List<String> tokens, int[] markers) {
        this.sql = sql;
        this.tokens = tokens;
        this.markers = markers;
    }

    /** Lexes {@code sql}; refuses numbered and named parameters and text the lexer cannot read. */
    static ParameterMarkers of(String sql) {
        List<String> tokens = new ArrayList<>();
        List<Integer> markers = new ArrayList<>();
        try {
            CCJSqlParser lexer = SqlParser.newParser(sql);
            for (Token token = lexer.getNextToken(); token.kind != CCJSqlParserConstants.EOF; token = lexer.getNextToken()) {
                String image = token.image;
                if (image.equals("?")) {
                    markers.add(tokens.size());
                } else if (StatementTemplate.isParameterMarker(image)) {
                    throw new UnsupportedSqlException("a numbered ($1) or named (:name) parameter in \"" + SqlErrors.shorten(sql)
                            + "\"; write ? for each parameter and bind the values in order");
                }
                tokens.add(image);
            }
        } catch (TokenMgrException e) {
            throw new UnsupportedSqlException("malformed SQL: " + e.getMessage() + "\n" + SqlErrors.shorten(sql));
        }
        return new ParameterMarkers(sql, List.copyOf(tokens), markers.stream().mapToInt(Integer::intValue).toArray());
    }

    /** How many {@code ?} the statement has. */
    int count() {
        return markers.length;
    }

    /**
     * The values of one run, checked and normalised ({@link StatementTemplate#parameter}), and the
     * signature of their kinds: one letter per {@code ?} ({@code n} for a null), which names the
     * template they run in.
     */
    record Bound(String signature, List<Object> values) {}

    Bound bind(List<?> parameters) {
        StatementTemplate.checkCount(markers.length, parameters.size(), sql);
        char[] signature = new char[markers.length];
        List<Object> values = new ArrayList<>(markers.length);
        for (int i = 0; i < markers.length; i++) {
            String token = StatementTemplate.parameter(parameters.get(i), i + 1, values, sql);
            signature[i] = token.equals("NULL") ? 'n' : token.charAt(1);
        }
        return new Bound(new String(signature), values);
    }

    /** The template's text for values of the kinds {@code signature} names. */
    String template(String signature) {
        StringBuilder text = new StringBuilder(sql.length() + 8 * markers.length);
        int marker = 0;
        int value = 0;
        for (int t = 0; t < tokens.size(); t++) {
            if (t > 0) {
                text.append(' ');
            }
            if (marker < markers.length && markers[marker] == t) {
                char kind = signature.charAt(marker++);
                if (kind == 'n') {
                    text.append("NULL");
                } else {
                    text.append(':').append(kind).append(value++);
                }
            } else {
                text.append(tokens.get(t));
            }
        }
        return text.toString();
    }
}
