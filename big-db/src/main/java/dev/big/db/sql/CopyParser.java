package dev.big.db.sql;

import dev.big.db.rowfile.RowFileOptions;
import dev.big.db.rowfile.RowFormat;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads the COPY statement, DuckDB's syntax for writing an answer to a file:
 * <pre>
 * COPY ( query ) TO 'file' [ [WITH] ( option [, option]... ) ] [;]
 * COPY table [ ( column [, column]... ) ] TO 'file' [ [WITH] ( option [, option]... ) ] [;]
 * option: FORMAT csv|json|jsonl|ndjson|parquet     (a name or a string; default: by the file's extension)
 *       | HEADER [true|false|1|0]                  (CSV; HEADER alone is true, the default)
 *       | DELIMITER|DELIM|SEP 'c'                  (CSV; one character, default ',')
 * </pre>
 * Keywords and option names are case-insensitive. The query inside the parentheses is kept as
 * written, to be compiled as any query; this reader only finds where it ends (skipping strings,
 * quoted names and comments). Why by hand: JSqlParser has no COPY ... TO, and the envelope is a
 * few tokens around a query it does parse.
 */
final class CopyParser {

    static final String COPY_SHAPES = "big writes COPY (query) TO 'file' and COPY table [(columns)] TO 'file',"
            + " each optionally with (FORMAT csv|json|parquet, HEADER true|false, DELIMITER 'c'); see docs/sql.md, \"COPY\"";

    private final String sql;
    private int at;

    private CopyParser(String sql) {
        this.sql = sql;
    }

    /** The COPY statement {@code sql}; throws {@link UnsupportedSqlException} when it is malformed or asks for what big does not write. */
    static CopyStatement parse(String sql) {
        return new CopyParser(sql).statement();
    }

    private CopyStatement statement() {
        expectWord("COPY");
        String query;
        skipBlanks();
        if (peek() == '(') {
            query = parenthesized().strip();
            if (query.isEmpty()) {
                throw malformed("an empty query");
            }
            if (SqlEngine.isWrite(query) || SqlEngine.isCopy(query)) {
                throw SqlErrors.unsupported("a statement that is not a query inside COPY", query,
                        "COPY writes the answer of a query (SELECT ...): run INSERT, UPDATE and DELETE on their own");
            }
        } else {
            String table = name("a table name or a parenthesized query");
            String columns = "*";
            skipBlanks();
            if (peek() == '(') {
                at++;
                List<String> names = new ArrayList<>();
                do {
                    names.add(name("a column name"));
                } while (accept(','));
                expect(')');
                columns = String.join(", ", names);
            }
            query = "SELECT " + columns + " FROM " + table;
        }
        String word = word();
        if (word != null && word.equalsIgnoreCase("FROM")) {
            throw SqlErrors.unsupported("COPY ... FROM (reading a file into a table)", sql,
                    "big's SQL writes files (COPY ... TO); load one with `big load DB TABLE FILE` (docs/cli.md)");
        }
        if (word == null || !word.equalsIgnoreCase("TO")) {
            throw malformed(word == null ? "TO" : "TO, not " + word);
        }
        String file = fileName();
        RowFormat format = null;
        Boolean header = null;
        Character delimiter = null;
        int afterFile = at;
        String with = word();
        if (with == null || !with.equalsIgnoreCase("WITH")) {
            at = afterFile;
        }
        if (accept('(')) {
            Set<String> seen = new HashSet<>();
            do {
                int optionStart = skipBlanks();
                String option = word();
                if (option == null) {
                    throw malformed("an option name (FORMAT, HEADER or DELIMITER)");
                }
                String key = option.toUpperCase(Locale.ROOT);
                String canonical = key.equals("DELIM") || key.equals("SEP") ? "DELIMITER" : key;
                if (!seen.add(canonical)) {
                    throw SqlErrors.unsupported("the option " + canonical + " given twice", sql.substring(optionStart),
                            "give each COPY option once");
                }
                String value = optionValue();
                switch (canonical) {
                    case "FORMAT" -> {
                        if (value == null) {
                            throw malformed("a format after FORMAT (csv, json or parquet)");
                        }
                        format = RowFormat.named(value).orElseThrow(() -> SqlErrors.unsupported("the format '" + value
                                + "'", sql, "big's COPY writes csv, json (JSON Lines; also called jsonl or ndjson) and"
                                + " parquet"));
                    }
                    case "HEADER" -> header = value == null || bool(value, "HEADER");
                    case "DELIMITER" -> {
                        if (value == null || value.length() != 1 || "\"\n\r".contains(value)) {
                            throw SqlErrors.unsupported("the delimiter " + (value == null ? "missing" : "'" + value + "'"),
                                    sql, "DELIMITER takes one character in quotes, not a quote or a line break: DELIMITER ';'");
                        }
                        delimiter = value.charAt(0);
                    }
                    default -> throw SqlErrors.unsupported("the COPY option " + option, sql,
                            "big's COPY takes FORMAT, HEADER and DELIMITER (also DELIM or SEP)");
                }
            } while (accept(','));
            expect(')');
        }
        accept(';');
        if (skipBlanks() < sql.length()) {
            throw malformed("the end of the statement");
        }
        if (format == null) {
            format = RowFormat.ofFile(file);
        }
        if (format != RowFormat.CSV && (header != null || delimiter != null)) {
            throw SqlErrors.unsupported((header != null ? "HEADER" : "DELIMITER") + " for "
                    + format.name().toLowerCase(Locale.ROOT), sql, "HEADER and DELIMITER are options of CSV files");
        }
        RowFileOptions options = new RowFileOptions(header == null || header,
                delimiter == null ? RowFileOptions.DEFAULT.delimiter() : delimiter);
        return new CopyStatement(query, file, format, options);
    }

    private boolean bool(String value, String option) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw SqlErrors.unsupported(option + " " + value, sql, option + " takes true or false (or 1 or 0)");
        };
    }

    /** The file name: a string literal ({@code 'out.csv'}, a quote in it doubled). */
    private String fileName() {
        skipBlanks();
        if (peek() != '\'') {
            throw malformed(peek() == '?' ? "the file as a string ('out.csv'): a parameter (?) cannot name it"
                    : "the file as a string ('out.csv')");
        }
        String file = quoted('\'');
        if (file.isEmpty()) {
            throw malformed("a file name, not ''");
        }
        return file;
    }

    /** An option's value (a word, a number, a string's contents), or null when the option has none. */
    private String optionValue() {
        skipBlanks();
        char c = peek();
        if (c == '\'') {
            return quoted('\'');
        }
        String word = word();
        if (word != null) {
            return word;
        }
        int start = at;
        while (at < sql.length() && (Character.isDigit(sql.charAt(at)) || sql.charAt(at) == '-')) {
            at++;
        }
        return at > start ? sql.substring(start, at) : null;
    }

    /** A table or column name as written: a word, or a double-quoted name kept with its quotes. */
    private String name(String expected) {
        skipBlanks();
        if (peek() == '"') {
            int start = at;
            quoted('"');
            return sql.substring(start, at);
        }
        String word = word();
        if (word == null) {
            throw malformed(expected);
        }
        return word;
    }

    /** The text between the parenthesis at {@link #at} and its match, skipping strings, quoted names and comments. */
    private String parenthesized() {
        int open = at++;
        int depth = 1;
        while (at < sql.length()) {
            char c = sql.charAt(at);
            int commentEnd = SqlText.afterComment(sql, at);
            if (c == '\'' || c == '"') {
                quoted(c);
            } else if (commentEnd > at) {
                at = commentEnd;
            } else {
                at++;
                if (c == '(') {
                    depth++;
                } else if (c == ')' && --depth == 0) {
                    return sql.substring(open + 1, at - 1);
                }
            }
        }
        throw malformed("the ')' that closes the query");
    }

    /** The contents of the string (or quoted name) at {@link #at}, its doubled quotes made single. */
    private String quoted(char quote) {
        int end = SqlText.afterQuoted(sql, at);
        if (end < 0) {
            throw malformed("the closing " + quote + " of " + (quote == '\'' ? "a string" : "a quoted name"));
        }
        String text = sql.substring(at + 1, end - 1).replace(String.valueOf(quote).repeat(2), String.valueOf(quote));
        at = end;
        return text;
    }

    private void expectWord(String expected) {
        String word = word();
        if (word == null || !word.equalsIgnoreCase(expected)) {
            throw malformed(expected);
        }
    }

    /** The word (letters, digits, '_') after blanks, or null (and nothing read) when none is there. */
    private String word() {
        int start = skipBlanks();
        while (at < sql.length() && (Character.isLetterOrDigit(sql.charAt(at)) || sql.charAt(at) == '_')) {
            at++;
        }
        if (at == start || Character.isDigit(sql.charAt(start))) {
            at = start;
            return null;
        }
        return sql.substring(start, at);
    }

    private void expect(char c) {
        if (!accept(c)) {
            throw malformed("'" + c + "'");
        }
    }

    private boolean accept(char c) {
        skipBlanks();
        if (peek() == c) {
            at++;
            return true;
        }
        return false;
    }

    private char peek() {
        return at < sql.length() ? sql.charAt(at) : 0;
    }

    /** Moves past blanks and comments; returns where the next token starts. */
    private int skipBlanks() {
        at = SqlText.afterBlanks(sql, at);
        return at;
    }

    /** "malformed COPY at column C: expected X", the statement and a caret under where it went wrong. */
    private UnsupportedSqlException malformed(String expected) {
        int position = Math.min(at, sql.length());
        int lineStart = sql.lastIndexOf('\n', Math.max(0, position - 1)) + 1;
        int lineEnd = sql.indexOf('\n', position);
        String line = sql.substring(lineStart, lineEnd < 0 ? sql.length() : lineEnd);
        int column = position - lineStart;
        return new UnsupportedSqlException("malformed COPY at column " + (column + 1) + ": expected " + expected + "\n  "
                + line + "\n  " + " ".repeat(column) + "^\n" + COPY_SHAPES);
    }
}
