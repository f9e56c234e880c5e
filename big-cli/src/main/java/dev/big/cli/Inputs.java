package dev.big.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks of the files a command is given, before anything is opened, so a missing file, a
 * directory or an unwritable place gets one line saying what and what to do rather than an
 * exception from deep inside.
 */
final class Inputs {

    /** {@code file} must exist, be a regular file (or a link to one) and be readable. */
    static Path readableFile(Path file, String what) {
        if (!Files.exists(file)) {
            throw new CliException(ExitCodes.NO_INPUT, what + " " + file + " does not exist" + hint(what));
        }
        if (Files.isDirectory(file)) {
            throw new CliException(ExitCodes.NO_INPUT, what + " " + file + " is a directory, not a file");
        }
        if (!Files.isRegularFile(file)) {
            throw new CliException(ExitCodes.NO_INPUT, what + " " + file + " is not a regular file");
        }
        if (!Files.isReadable(file)) {
            throw new CliException(ExitCodes.NO_INPUT, what + " " + file + " is not readable (permission denied)");
        }
        return file;
    }

    /** {@code file} is about to be created: it must not exist and its directory must. */
    static Path newFile(Path file, String what) {
        if (Files.exists(file)) {
            throw new CliException(ExitCodes.CANNOT_CREATE, what + " " + file + " already exists; choose another path"
                    + " or remove it first");
        }
        Path directory = file.toAbsolutePath().getParent();
        if (directory == null || !Files.isDirectory(directory)) {
            throw new CliException(ExitCodes.CANNOT_CREATE, "cannot create " + what + " " + file + ": directory "
                    + directory + " does not exist");
        }
        if (!Files.isWritable(directory)) {
            throw new CliException(ExitCodes.CANNOT_CREATE, "cannot create " + what + " " + file + ": directory "
                    + directory + " is not writable");
        }
        return file;
    }

    private static String hint(String what) {
        return what.equals("database") ? "; create it with `big create DB --schema FILE` (or `big load --schema`)" : "";
    }

    private Inputs() {}
}
