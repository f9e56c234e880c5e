package dev.big.cli;

import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;
import org.jline.reader.impl.DefaultParser;

/**
 * Tells the shell's line editor when Enter ends the input: after a dot command, or once every
 * statement typed is ended by {@code ;} ({@link SqlScript}); until then Enter starts a new line of
 * the same statement, which history keeps as one entry.
 */
final class StatementLineParser extends DefaultParser {

    StatementLineParser() {
        // SQL has no backslash escapes: 'C:\' is a whole string, and must not keep the line open.
        setEscapeChars(new char[0]);
    }

    @Override
    public ParsedLine parse(String line, int cursor, ParseContext context) {
        if (context == ParseContext.ACCEPT_LINE && !line.isBlank() && !Shell.isCommand(line)
                && SqlScript.split(line).awaitsMore()) {
            throw new EOFError(-1, -1, "the statement goes on until ';'");
        }
        return super.parse(line, cursor, context);
    }
}
