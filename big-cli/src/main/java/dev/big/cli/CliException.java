package dev.big.cli;

/** A failure the command explains itself: its message is for the user, its exit code for scripts. */
final class CliException extends RuntimeException {

    private final int exitCode;
    private final boolean located;

    CliException(int exitCode, String message) {
        this(exitCode, message, null, false);
    }

    CliException(int exitCode, String message, Throwable cause) {
        this(exitCode, message, cause, false);
    }

    private CliException(int exitCode, String message, Throwable cause, boolean located) {
        super(message, cause);
        this.exitCode = exitCode;
        this.located = located;
    }

    /**
     * A failure whose message starts with its own location ({@code FILE:LINE: ...}, the form
     * editors and CI logs link to), printed as it is rather than after the command's name.
     */
    static CliException located(int exitCode, String message, Throwable cause) {
        return new CliException(exitCode, message, cause, true);
    }

    int exitCode() {
        return exitCode;
    }

    boolean located() {
        return located;
    }
}
