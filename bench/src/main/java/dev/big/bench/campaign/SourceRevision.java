package dev.big.bench.campaign;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Which code a campaign measured, for the report's header: the commit checked out in the
 * repository the bench module lives in, and whether its working tree had changes (the launcher
 * builds the jar from the working tree, so a dirty tree means the numbers are of code no commit
 * holds). "unknown" where git cannot tell.
 */
final class SourceRevision {

    static String describe(Path repository) {
        String commit = git(repository, "rev-parse", "--short=12", "HEAD");
        if (commit.isEmpty()) {
            return "unknown";
        }
        String changes = git(repository, "status", "--porcelain", "--untracked-files=no");
        return changes.isEmpty() ? "commit " + commit : "commit " + commit + " with uncommitted changes";
    }

    /** The trimmed output of {@code git args} in {@code repository}, or "" when it fails. */
    private static String git(Path repository, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", repository.toString()));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
                return "";
            }
            return output;
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private SourceRevision() {}
}
