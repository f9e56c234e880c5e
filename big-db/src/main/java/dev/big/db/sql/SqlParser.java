package dev.big.db.sql;

import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserConstants;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.parser.TokenMgrException;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;

/**
 * Parses the text of one statement with JSqlParser, turning its failures into messages that point
 * at the offending token.
 *
 * <p>The parser is called directly rather than through {@code CCJSqlParserUtil.parse}, which runs
 * every parse on a new thread (to time it out) and retries failures with "complex parsing": the
 * thread costs more than the parse of a short statement, and complex parsing backtracks
 * exponentially in nested parentheses (25 levels ran for minutes). Without it parse time grows
 * mildly with nesting, and {@link #MAX_NESTING_DEPTH} bounds it.
 */
final class SqlParser {

    /** Parentheses nested deeper than this are refused before parsing. */
    static final int MAX_NESTING_DEPTH = 32;

    /** A parser over {@code sql}, configured the way every statement is parsed (and lexed). */
    static CCJSqlParser newParser(String sql) {
        if (sql.isBlank()) {
            // JSqlParser makes no parser of an empty text (it returns null).
            throw new UnsupportedSqlException("empty statement; " + SqlErrors.STATEMENT_SHAPES);
        }
        return CCJSqlParserUtil.newParser(IntegerDivisionText.rewrite(sql)).withAllowComplexParsing(false);
    }

    /** The one statement in {@code sql}; throws {@link UnsupportedSqlException} when it is malformed or not one. */
    static Statement parse(String sql) {
        if (sql.isBlank()) {
            throw new UnsupportedSqlException("empty statement; " + SqlErrors.STATEMENT_SHAPES);
        }
        int depth = CCJSqlParserUtil.getNestingDepth(sql);
        if (depth > MAX_NESTING_DEPTH) {
            throw SqlErrors.unsupported("parentheses nested " + depth + " deep", sql,
                    "big parses at most " + MAX_NESTING_DEPTH + " levels of nesting");
        }
        Statements statements;
        try {
            statements = newParser(sql).Statements();
        } catch (ParseException e) {
            throw malformed(sql, e);
        } catch (TokenMgrException e) {
            throw new UnsupportedSqlException("malformed SQL: " + e.getMessage() + "\n" + SqlErrors.shorten(sql));
        } catch (NumberFormatException e) {
            // JSqlParser parses some numbers as an int, unguarded: the digits after "?" (a numbered parameter) among them.
            throw new UnsupportedSqlException("malformed SQL: the number " + e.getMessage().replace("For input string: ", "")
                    + " is too large where it stands (digits after a ? make a numbered parameter: write ? alone for each"
                    + " parameter and bind the values in order)\n" + SqlErrors.shorten(sql));
        }
        if (statements.isEmpty()) {
            throw new UnsupportedSqlException("empty statement; " + SqlErrors.STATEMENT_SHAPES);
        }
        if (statements.size() > 1) {
            throw SqlErrors.unsupported("more than one statement", statements.get(1),
                    "run one statement per call (a trailing ';' is fine)");
        }
        return statements.getFirst();
    }

    /** "malformed SQL at line L, column C: unexpected "tok"", the line of SQL and a caret under the token. */
    private static UnsupportedSqlException malformed(String sql, ParseException e) {
        Token bad = e.currentToken != null ? e.currentToken.next : null;
        if (bad == null) {
            String first = e.getMessage() == null ? "parse error" : e.getMessage().lines().findFirst().orElse("");
            return new UnsupportedSqlException("malformed SQL: " + first.strip() + "\n" + SqlErrors.shorten(sql)
                    + "\n" + SqlErrors.STATEMENT_SHAPES + " (" + SqlErrors.SEE_DOCS + ")");
        }
        String what = bad.kind == CCJSqlParserConstants.EOF ? "unexpected end of statement" : "unexpected \"" + bad.image + "\"";
        String[] lines = sql.split("\r\n|\r|\n", -1);
        int lineIndex = Math.max(0, Math.min(lines.length - 1, bad.beginLine - 1));
        String line = lines[lineIndex];
        int column = bad.kind == CCJSqlParserConstants.EOF ? line.length() + 1 : Math.max(1, bad.beginColumn);
        return new UnsupportedSqlException("malformed SQL at line " + (lineIndex + 1) + ", column " + column + ": " + what
                + "\n  " + line + "\n  " + " ".repeat(Math.min(column - 1, line.length())) + "^\n"
                + SqlErrors.STATEMENT_SHAPES + " (" + SqlErrors.SEE_DOCS + ")");
    }

    private SqlParser() {}
}
