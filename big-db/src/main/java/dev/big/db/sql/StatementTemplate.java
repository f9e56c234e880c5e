package dev.big.db.sql;

import dev.big.db.InvalidInputException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.regex.Pattern;
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
 * <p>A statement with {@code ?} parameters has a template of another kind
 * ({@link #withParameters}): there only the {@code ?} are taken out, each replaced by a parameter
 * of the kind of the value bound to it, and the literals written in the text stay where they are.
 *
 * <p>A template of literals is only an optimisation: the engine compiles the statement's own text whenever
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

    /** The parameter names a template gives its values ({@code :i0}, {@code :s1}, ...), to quote them as {@code ?}. */
    private static final Pattern PARAMETER_NAME = Pattern.compile(":[isdtbl][0-9]+\\b");

    /**
     * The template of a statement whose {@code ?} stand for {@code parameters}, in order: each
     * {@code ?} becomes a parameter of its value's kind ({@code :i} integers, {@code :d} decimals,
     * {@code :s} strings, {@code :t} instants, {@code :b} booleans, {@code :l} sets) and a null
     * value becomes {@code NULL}. The value is never written into the text, so it cannot change
     * what the statement means; the template (and so its compiled form) depends only on the
     * statement and the kinds of its values. Refuses a count of values other than the count of
     * {@code ?}, numbered and named parameters, and values of other Java types.
     */
    static StatementTemplate withParameters(String sql, List<?> parameters) {
        ParameterMarkers markers = ParameterMarkers.of(sql);
        ParameterMarkers.Bound bound = markers.bind(parameters);
        return new StatementTemplate(markers.template(bound.signature()), bound.values());
    }

    /** Refuses {@code bound} values for a statement of {@code markers} {@code ?}. */
    static void checkCount(int markers, int bound, String sql) {
        if (markers != bound) {
            throw new InvalidInputException("the statement has " + markers + " parameter" + (markers == 1 ? "" : "s")
                    + " (?) but " + bound + " value" + (bound == 1 ? " was" : "s were")
                    + " bound: bind one value per ? (in \"" + SqlErrors.shorten(sql) + "\")");
        }
    }

    /**
     * The token standing for the {@code position}-th parameter (from 1) of {@code sql}, adding its
     * value to {@code values}. A timestamp finer than a millisecond is refused here, as the same
     * literal is, whatever Java type carries it.
     */
    static String parameter(Object value, int position, List<Object> values, String sql) {
        String kind;
        Object bound;
        switch (value) {
            case null -> {
                return "NULL";
            }
            case Long v -> { kind = "i"; bound = BigInteger.valueOf(v); }
            case Integer v -> { kind = "i"; bound = BigInteger.valueOf(v); }
            case Short v -> { kind = "i"; bound = BigInteger.valueOf(v); }
            case Byte v -> { kind = "i"; bound = BigInteger.valueOf(v); }
            case BigInteger v -> { kind = "i"; bound = v; }
            case BigDecimal v -> { kind = "d"; bound = v; }
            case Double v when Double.isFinite(v) -> { kind = "d"; bound = BigDecimal.valueOf(v); }
            case Float v when Float.isFinite(v) -> { kind = "d"; bound = new BigDecimal(Float.toString(v)); }
            case String v -> { kind = "s"; bound = v; }
            case Character v -> { kind = "s"; bound = v.toString(); }
            case Boolean v -> { kind = "b"; bound = v; }
            case Instant v -> { kind = "t"; bound = v; }
            case OffsetDateTime v -> { kind = "t"; bound = v.toInstant(); }
            case ZonedDateTime v -> { kind = "t"; bound = v.toInstant(); }
            case LocalDateTime v -> { kind = "t"; bound = v.toInstant(ZoneOffset.UTC); }
            case Date v -> { kind = "t"; bound = v.toInstant(); }
            case Collection<?> v -> { kind = "l"; bound = strings(v, position); }
            default -> throw new InvalidInputException("parameter " + position + " is " + describe(value)
                    + "; bind a Long or Integer, BigDecimal, String, Boolean, Instant (or java.sql.Timestamp,"
                    + " OffsetDateTime, LocalDateTime as UTC), a collection of strings for a set, or null");
        }
        if (bound instanceof Instant instant && TimestampLiterals.finerThanMillisecond(instant)) {
            throw TimestampLiterals.parameterFinerThanMillisecond(instant, position, sql);
        }
        values.add(bound);
        return ":" + kind + (values.size() - 1);
    }

    private static List<String> strings(Collection<?> values, int position) {
        List<String> strings = new ArrayList<>(values.size());
        for (Object value : values) {
            if (!(value instanceof String string)) {
                throw new InvalidInputException("parameter " + position + " is a collection holding " + describe(value)
                        + "; a set's values are strings");
            }
            strings.add(string);
        }
        return strings;
    }

    private static String describe(Object value) {
        if (value == null) {
            return "null";
        }
        return (value instanceof Double || value instanceof Float ? "the number " + value + " (" : "a ")
                + value.getClass().getName() + (value instanceof Double || value instanceof Float ? ")" : "");
    }

    /**
     * {@code text} (a result column's name, taken from the template it was compiled from) as the
     * statement wrote it: each parameter of a template of literals ({@code fromLiterals}) becomes
     * the literal of its value in {@code values}, each bound {@code ?} stays {@code ?}.
     */
    static String asWritten(String text, List<Object> values, boolean fromLiterals) {
        if (text.indexOf(':') < 0) {
            return text;
        }
        if (!fromLiterals) {
            return quoteParametersAsWritten(text);
        }
        return PARAMETER_NAME.matcher(text).replaceAll(match -> {
            String name = match.group();
            Object value = values.get(Integer.parseInt(name.substring(2)));
            String literal = switch (name.charAt(1)) {
                case 's' -> "'" + value.toString().replace("'", "''") + "'";
                case 't' -> "TIMESTAMP '" + value.toString().replace("'", "''") + "'";
                default -> value.toString();
            };
            return java.util.regex.Matcher.quoteReplacement(literal);
        });
    }

    /** {@code message} with the parameters a template gave the bound values shown as the caller wrote them, {@code ?}. */
    static String quoteParametersAsWritten(String message) {
        return message == null ? null : PARAMETER_NAME.matcher(message).replaceAll("?");
    }

    /** JDBC ({@code ?}, {@code ?1}), numbered ({@code $1}) and named ({@code :name}) parameters written by the caller. */
    static boolean isParameterMarker(String image) {
        return image.startsWith("?") || image.startsWith("$") || (image.startsWith(":") && !image.equals("::"));
    }
}
