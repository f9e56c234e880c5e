package dev.big.cli;

import dev.big.db.InvalidInputException;
import dev.big.db.exchange.CorruptStreamException;
import dev.big.db.rowfile.RowFileException;
import dev.big.page.BigException;
import dev.big.page.CorruptPageException;
import dev.big.page.DatabaseClosedException;
import dev.big.page.DatabaseFailedException;
import dev.big.page.DatabaseLockedException;
import dev.big.page.FormatVersionException;
import dev.big.page.StorageException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * Turns any failure into one line for the user and an exit code (see {@link ExitCodes}). big's
 * exceptions already say what, where and what to do; this only picks the code and keeps stack
 * traces out of sight unless {@code --debug} asks for them.
 */
final class Failures {

    static int exitCode(Throwable failure) {
        return switch (failure) {
            case CliException e -> e.exitCode();
            case BadRowException e -> ExitCodes.DATA_ERROR;
            case CorruptPageException e -> ExitCodes.CORRUPTION;
            case CorruptStreamException e -> ExitCodes.CORRUPTION;
            case FormatVersionException e -> ExitCodes.DATA_ERROR;
            case DatabaseLockedException e -> ExitCodes.IO_ERROR;
            case StorageException e -> ExitCodes.IO_ERROR;
            case DatabaseFailedException e -> ExitCodes.IO_ERROR;
            case DatabaseClosedException e -> ExitCodes.INTERNAL_ERROR;
            case InvalidInputException e -> ExitCodes.DATA_ERROR;
            case RowFileException e -> ExitCodes.CANNOT_CREATE;
            case BigException e -> ExitCodes.DATA_ERROR;
            case UncheckedIOException e -> ExitCodes.IO_ERROR;
            case IOException e -> ExitCodes.IO_ERROR;
            default -> ExitCodes.INTERNAL_ERROR;
        };
    }

    static String message(Throwable failure) {
        return switch (failure) {
            case CliException e -> e.getMessage();
            case BigException e -> e.getMessage();
            case UncheckedIOException e -> e.getCause() instanceof FileSystemException fs ? describe(fs) : e.getMessage();
            case FileSystemException e -> describe(e);
            case IOException e -> "I/O error: " + e.getMessage();
            case OutOfMemoryError e -> "out of memory (" + e.getMessage() + "); give the JVM more with JAVA_TOOL_OPTIONS=-Xmx4g,"
                    + " or use smaller batches";
            default -> "internal error (a bug in big): " + failure + ". Run again with --debug and report the stack trace.";
        };
    }

    private static String describe(FileSystemException e) {
        String file = e.getFile();
        return switch (e) {
            case NoSuchFileException n -> file + ": no such file or directory";
            case AccessDeniedException a -> file + ": permission denied";
            default -> (file == null ? "" : file + ": ") + (e.getReason() == null ? e.getClass().getSimpleName() : e.getReason());
        };
    }

    private Failures() {}
}
