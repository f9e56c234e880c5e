package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code big query FILE "SELECT * FROM events"} streams: a child JVM whose heap is far too small to
 * hold the table's rows prints every one of them as CSV and as JSON (each row written as the
 * cursor reads it). The same heap running {@code --format table}, which pads columns to their
 * widest value and so collects the rows first, runs out of memory: the proof that the heap is
 * small enough for the streaming runs to mean something.
 */
@Tag("child-jvm")
class StreamingIT {

    private static final int ROWS = 600_000;
    private static final String HEAP = "-Xmx48m";
    private static Path dir;

    @BeforeAll
    static void database() {
        dir = Cli.newDir("streaming");
        Cli.Run demo = Cli.big(dir, "demo", "--records", Integer.toString(ROWS), "--db", "events.big");
        assertEquals(0, demo.exitCode(), demo.toString());
    }

    @Test
    void csvOfEveryRowFitsASmallHeap() {
        Result csv = query("csv");
        assertEquals(0, csv.exitCode, csv.stderr);
        assertEquals(ROWS + 1, csv.lines, "the header and every row");
        assertTrue(csv.stderr.contains("(" + Units.count(ROWS) + " rows in "), csv.stderr);
    }

    @Test
    void jsonOfEveryRowFitsASmallHeap() {
        Result json = query("json");
        assertEquals(0, json.exitCode, json.stderr);
        assertEquals(ROWS + 2, json.lines, "[, every row, ]");
    }

    @Test
    void collectingTheRowsDoesNotFitThatHeap() {
        Result table = query("table");
        assertTrue(table.exitCode != 0 && table.stderr.contains("OutOfMemoryError"), table.exitCode + "\n" + table.stderr);
    }

    private record Result(int exitCode, long lines, String stderr) {}

    private static Result query(String format) {
        List<String> command = new ArrayList<>(List.of(Cli.JAVA, HEAP));
        command.addAll(Cli.JVM_FLAGS);
        command.addAll(List.of("-jar", Cli.JAR.toString(), "query", "events.big", "SELECT * FROM events", "--format", format));
        try {
            Path out = dir.resolve("out." + format);
            Path err = dir.resolve("err." + format);
            Process process = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
            if (!process.waitFor(300, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("timed out: " + command);
            }
            long lines = 0;
            try (BufferedReader reader = Files.newBufferedReader(out, StandardCharsets.UTF_8)) {
                while (reader.readLine() != null) {
                    lines++;
                }
            }
            String stderr = Files.readString(err);
            Files.delete(out);
            return new Result(process.exitValue(), lines, stderr);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
