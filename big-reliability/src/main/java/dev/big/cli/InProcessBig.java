package dev.big.cli;

/**
 * The {@code big} command run inside the calling JVM, returning its exit code instead of exiting:
 * the reliability battery feeds the command hundreds of bad inputs per second this way, where a
 * child JVM per input would cost half a second each. It lives in the CLI's package (split across
 * jars on the class path) because the CLI keeps its entry point package-private.
 *
 * <p>Caveat: results the command prints go to file descriptor 1 directly (see {@code Terminal}), so
 * only standard error can be redirected in-process ({@link System#setErr}).
 */
public final class InProcessBig {

    /** Runs {@code big ARGS} and returns the exit code the command would exit with. */
    public static int run(String... args) {
        return BigCommand.execute(args);
    }

    private InProcessBig() {}
}
