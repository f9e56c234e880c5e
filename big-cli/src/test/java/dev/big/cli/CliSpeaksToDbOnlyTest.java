package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The command talks to big-db's API only: no main source of big-cli names a type of big-engine or
 * big-pager, by import or by qualified name. big-db's module reads those layers transitively, so
 * the compiler would let the CLI name their exported types; this scan does not. What the CLI may
 * name from below big-db is big-page's exception hierarchy, which every layer throws.
 */
class CliSpeaksToDbOnlyTest {

    private static final Path SOURCES = Path.of("src", "main", "java");
    private static final Pattern LOWER_LAYER = Pattern.compile("\\bdev\\.big\\.(engine|pager)\\b[.\\w]*");
    /** Block comments (javadoc included) and line comments: a sentence may name a layer. */
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    @Test
    void mainSourcesNameNothingOfTheEngineOrThePager() throws IOException {
        List<String> found = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(SOURCES)) {
            files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        for (Path file : files) {
            String code = COMMENT.matcher(read(file)).replaceAll(" ");
            Matcher m = LOWER_LAYER.matcher(code);
            while (m.find()) {
                found.add(SOURCES.relativize(file) + ": " + m.group());
            }
        }
        // Not vacuous: the scan read the command's sources, including the one that prints a check.
        assertTrue(files.contains(SOURCES.resolve("dev/big/cli/CheckCommand.java")), "scanned " + files.size() + " files");
        assertEquals(List.of(), found, "big-cli reaches below big-db; use big-db's API (and big-page's exceptions)");
    }

    @Test
    void theScanFindsAnImportAndAQualifiedName() {
        String code = COMMENT.matcher("""
                import dev.big.engine.coords.Coords; // dev.big.pager in a comment is fine
                /** So is dev.big.engine here. */
                long max = dev.big.pager.Pager.class.hashCode();
                """).replaceAll(" ");
        List<String> names = LOWER_LAYER.matcher(code).results().map(MatchResult::group).toList();
        assertEquals(List.of("dev.big.engine.coords.Coords", "dev.big.pager.Pager.class.hashCode"), names);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
