package dev.big.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.db.Db;
import dev.big.db.Snapshot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code big load --batch N} commits each full batch in the background while it reads on. When a
 * later row could not be parsed, the load stopped and reported what was committed without waiting
 * for the batch in flight: now and then that batch landed after the report, whose "Not written"
 * then listed rows the table holds (and "load again from" would load them twice). A race, so the
 * same stopped load runs 40 times, all in one child JVM ({@link CliBatch}): a JVM per load would
 * cost half a second each.
 */
@Tag("child-jvm")
class AStoppedBatchLoadReportsEveryCommittedRowTest {

    private static final Pattern COMMITTED = Pattern.compile("Committed: ([0-9,]+) rows?,");

    @Test
    void theRowsAStoppedLoadSaysItCommittedAreExactlyTheRowsTheTableHolds() throws Exception {
        Path dir = WorkDirs.newDir("stopped-load");
        // As the battery met it: JSON Lines rows with ids, batches of 6, an id that is not a number on line 70.
        StringBuilder jsonl = new StringBuilder();
        SplittableRandom random = new SplittableRandom(9);
        for (int line = 1; line < 70; line++) {
            jsonl.append("{\"at\": ").append(1_700_000_000_000L + random.nextLong(5_000_000_000L)).append(", \"id\": ")
                    .append(random.nextLong(4_200_000)).append("}\n");
        }
        jsonl.append("{\"at\": 1700000000000, \"id\": \"\\u0000\"}\n");
        Path input = dir.resolve("stop.jsonl");
        Files.writeString(input, jsonl, StandardCharsets.UTF_8);
        List<Path> databases = new ArrayList<>();
        List<List<String>> commands = new ArrayList<>();
        for (int run = 0; run < 40; run++) {
            Path database = dir.resolve("stop-" + run + ".big");
            Db.create(database, List.of(EventRecords.table())).close();
            databases.add(database);
            commands.add(List.of("load", database.toString(), EventRecords.TABLE, input.toString(), "--batch", "6"));
        }
        List<CliBatch.Result> results = CliBatch.run(dir, commands, 60_000);
        for (int run = 0; run < results.size(); run++) {
            CliBatch.Result result = results.get(run);
            assertEquals(65, result.exitCode(), "load " + (run + 1) + " stops at the bad line 70: " + result);
            Matcher said = COMMITTED.matcher(result.stderr());
            long reported = said.find() ? Long.parseLong(said.group(1).replace(",", "")) : 0;
            try (Db db = Db.openReadOnly(databases.get(run)); Snapshot s = db.read()) {
                assertEquals(reported, s.count(EventRecords.TABLE), "load " + (run + 1) + " of the same input said it committed "
                        + reported + " rows: " + result);
            }
        }
        WorkDirs.delete(dir);
    }
}
