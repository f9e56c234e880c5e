package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code big query DB SQL} and {@code big get DB TABLE ID} run without picocli (BigCommand.plainCommand):
 * as processes, the same stdout, stderr and exit code as through picocli, which any {@code picocli.*}
 * system property forces ({@code -Dpicocli.trace=WARN} is picocli's default level, so it changes nothing else).
 */
@Tag("child-jvm")
class PlainCommandIT {

    private static Path dir;

    @BeforeAll
    static void database() {
        dir = Cli.newDir("plain");
        Cli.write(dir.resolve("schema.json"), Cli.SCHEMA);
        Cli.writeRows(dir.resolve("rows.csv"), 50);
        Cli.Run load = Cli.big(dir, "load", "p.big", "events", "rows.csv", "--schema", "schema.json");
        assertEquals(0, load.exitCode(), load.toString());
    }

    private static Cli.Run throughPicocli(String... args) {
        List<String> command = new ArrayList<>(Cli.command(args));
        command.add(1, "-Dpicocli.trace=WARN");
        return Cli.run(dir, command, Map.of(), null);
    }

    private static Cli.Run withoutTime(Cli.Run run) {
        return new Cli.Run(run.exitCode(), run.stdout(), run.stderr().replaceAll("in [0-9.]+ (s|ms|µs)\\)", "in T)"));
    }

    @Test
    void plainCommandsDoWhatPicocliDoes() {
        for (List<String> args : List.of(
                List.of("query", "p.big", "SELECT count(*) FROM events"),
                List.of("query", "p.big", "SELECT * FROM events WHERE type = 't3' ORDER BY id DESC LIMIT 3"),
                List.of("query", "p.big", "SELECT type, count(*) FROM events GROUP BY type ORDER BY type"),
                List.of("query", "p.big", "SELEKT 1"),
                List.of("query", "none.big", "SELECT 1"),
                List.of("query", "p.big", "INSERT INTO events (value, type) VALUES (1, 'x')"),
                List.of("get", "p.big", "events", "7"),
                List.of("get", "p.big", "events", "007"),
                List.of("get", "p.big", "events", "99999"),
                List.of("get", "p.big", "nope", "1"))) {
            String[] line = args.toArray(String[]::new);
            Cli.Run plain = withoutTime(Cli.big(dir, line));
            Cli.Run picocli = withoutTime(throughPicocli(line));
            assertEquals(picocli.toString(), plain.toString(), args.toString());
        }
    }
}
