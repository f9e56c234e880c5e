package dev.big.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * SQL text cut into statements at each {@code ;} that is outside a string ({@code '...'}, with
 * {@code ''} for a quote inside), a quoted name ({@code "..."}), a line comment ({@code -- ...})
 * or a block comment ({@code /*} to <code>*&#47;</code>). The shell uses it to know whether what was typed so far
 * ends a statement, and {@code big query DB -} to run the statements of a script.
 */
final class SqlScript {

    /** One statement, without its {@code ;}, and the line (from 0) of the text it starts on. */
    record Statement(String sql, int line) {}

    /**
     * The statements {@code text} ends with {@code ;}, and what follows the last of them:
     * {@code rest}, as it is (null when nothing but blanks and finished comments does, so the text
     * awaits nothing more), starting on line {@code restLine}.
     */
    record Split(List<Statement> statements, String rest, int restLine) {

        /** Whether the text ends inside a statement that a {@code ;} has not ended yet. */
        boolean awaitsMore() {
            return rest != null;
        }
    }

    private enum State { CODE, STRING, QUOTED_NAME, LINE_COMMENT, BLOCK_COMMENT }

    static Split split(String text) {
        List<Statement> statements = new ArrayList<>();
        State state = State.CODE;
        int start = 0;
        int line = 0;
        int startLine = 0;
        int firstContent = -1;
        int firstContentLine = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            char next = i + 1 < text.length() ? text.charAt(i + 1) : 0;
            if (c == '\n') {
                line++;
            }
            switch (state) {
                case CODE -> {
                    if (c == '-' && next == '-') {
                        state = State.LINE_COMMENT;
                        i++;
                    } else if (c == '/' && next == '*') {
                        state = State.BLOCK_COMMENT;
                        i++;
                    } else if (c == ';') {
                        if (firstContent >= 0) {
                            statements.add(new Statement(text.substring(start, i).strip(), firstContentLine));
                        }
                        start = i + 1;
                        startLine = line;
                        firstContent = -1;
                    } else if (!Character.isWhitespace(c)) {
                        if (firstContent < 0) {
                            firstContent = i;
                            firstContentLine = line;
                        }
                        if (c == '\'') {
                            state = State.STRING;
                        } else if (c == '"') {
                            state = State.QUOTED_NAME;
                        }
                    }
                }
                // A doubled quote ends the string and opens it again at once: the same as an escaped quote.
                case STRING -> state = c == '\'' ? State.CODE : State.STRING;
                case QUOTED_NAME -> state = c == '"' ? State.CODE : State.QUOTED_NAME;
                case LINE_COMMENT -> state = c == '\n' ? State.CODE : State.LINE_COMMENT;
                case BLOCK_COMMENT -> {
                    if (c == '*' && next == '/') {
                        state = State.CODE;
                        i++;
                    }
                }
            }
        }
        // An open block comment awaits its end even before any statement text.
        boolean open = firstContent >= 0 || state == State.BLOCK_COMMENT;
        return new Split(statements, open ? text.substring(start) : null, startLine);
    }

    private SqlScript() {}
}
