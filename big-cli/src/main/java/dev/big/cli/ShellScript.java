package dev.big.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Statements and dot commands read from a script, usually stdin ({@code big query DB -}, or
 * {@code big shell DB} with stdin not a terminal), run in order through one {@link Shell}. The
 * first that fails stops the script: its message names the script's line where the statement
 * began, and the exit code is the failure's own, so a script in CI fails as one command would.
 */
final class ShellScript {

    private final Shell shell;
    private final String name;

    ShellScript(Shell shell, String name) {
        this.shell = shell;
        this.name = name;
    }

    /**
     * Runs every statement of {@code in}: each ends with {@code ;} (the last may go without); a
     * line starting with a dot between statements is a dot command. Returns at the end of the
     * input or at {@code .quit}.
     */
    void run(BufferedReader in) {
        StringBuilder pending = new StringBuilder();
        int pendingLine = 1;
        int lineNumber = 0;
        String line;
        while ((line = readLine(in)) != null) {
            lineNumber++;
            if (pending.isEmpty() && Shell.isCommand(line)) {
                String command = line.strip();
                if (!run(lineNumber, () -> shell.command(command))) {
                    return;
                }
                continue;
            }
            if (pending.isEmpty()) {
                pendingLine = lineNumber;
            }
            pending.append(line).append('\n');
            SqlScript.Split split = SqlScript.split(pending.toString());
            for (SqlScript.Statement statement : split.statements()) {
                run(pendingLine + statement.line(), () -> {
                    shell.statement(statement.sql());
                    return true;
                });
            }
            pending.setLength(0);
            if (split.awaitsMore()) {
                pending.append(split.rest());
                pendingLine += split.restLine();
            }
        }
        if (!pending.isEmpty()) {
            // The last statement may go without its ';': end it, after a line break that ends a -- comment.
            SqlScript.Split last = SqlScript.split(pending + "\n;");
            int at = pendingLine;
            if (last.awaitsMore()) {
                throw CliException.located(ExitCodes.DATA_ERROR, name + ":" + at + ": the script ends inside a string, a quoted"
                        + " name or a comment of the statement that starts here; close it", null);
            }
            for (SqlScript.Statement statement : last.statements()) {
                run(at + statement.line(), () -> {
                    shell.statement(statement.sql());
                    return true;
                });
            }
        }
    }

    private interface Step {
        boolean run();
    }

    private boolean run(int line, Step step) {
        try {
            return step.run();
        } catch (RuntimeException e) {
            throw CliException.located(Failures.exitCode(e), name + ":" + line + ": " + Failures.message(e), e);
        }
    }

    private String readLine(BufferedReader in) {
        try {
            return in.readLine();
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + name + " failed: " + e.getMessage(), e);
        }
    }
}
