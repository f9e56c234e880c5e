package dev.big.bench.db;

import dev.big.bench.BenchFiles;
import dev.big.bench.campaign.Workload;
import dev.big.db.Db;
import dev.big.db.Ingester;
import dev.big.db.Snapshot;
import dev.big.pager.LogFile;
import dev.big.workload.Event;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * How long opening takes when the write log is full (issue 33: recovery of a full log within 1 s):
 * one-record commits of the standard event with checkpoints off until the log's frames reach
 * {@code --log-bytes} (16 MiB by default, the checkpoint threshold), then a copy of the file and its
 * log, taken while the writer still has them open (what a crash leaves), opened three times; each
 * open replays every frame.
 *
 * <pre>java -cp bench/target/benchmarks.jar dev.big.bench.db.LogRecovery --log-bytes 16000000</pre>
 */
public final class LogRecovery {

    public static void main(String[] args) throws IOException {
        long target = args.length >= 2 && args[0].equals("--log-bytes") ? Long.parseLong(args[1]) : 16L << 20;
        Path dir = BenchFiles.newDir("log-recovery");
        Path file = dir.resolve("events.big");
        Path copy = dir.resolve("crashed.big");
        try {
            long commits = 0;
            try (Db db = Db.create(file, List.of(StandardTable.DEF))) {
                db.store().setCheckpointThresholds(Long.MAX_VALUE, Long.MAX_VALUE);
                Iterator<Event> events = Workload.events(50_000_000).iterator();
                Path log = LogFile.pathFor(file);
                while (framesBytes(log) < target) {
                    try (Ingester ingester = db.ingest(1)) {
                        for (int i = 0; i < 500; i++) {
                            ingester.append(StandardTable.NAME, StandardTable.record(events.next()));
                            commits++;
                        }
                    }
                }
                Files.copy(file, copy);
                Files.copy(log, LogFile.pathFor(copy));
                System.out.printf(Locale.ROOT, "%,d one-record commits in the log, %,d bytes of frames%n", commits,
                        framesBytes(log));
            }
            for (int i = 0; i < 3; i++) {
                Path again = dir.resolve("again" + i + ".big");
                Files.copy(copy, again);
                Files.copy(LogFile.pathFor(copy), LogFile.pathFor(again));
                long start = System.nanoTime();
                try (Db db = Db.open(again)) {
                    double millis = (System.nanoTime() - start) / 1e6;
                    try (Snapshot snapshot = db.read()) {
                        System.out.printf(Locale.ROOT, "open, replaying the log: %.0f ms (%,d records)%n", millis,
                                snapshot.count(StandardTable.NAME));
                    }
                }
            }
        } finally {
            BenchFiles.deleteRecursively(dir);
        }
    }

    /** Where the log's frames end: its length without the zero-filled tail it grows by. */
    private static long framesBytes(Path log) throws IOException {
        byte[] bytes = Files.readAllBytes(log);
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] == 0) {
            end--;
        }
        return end;
    }

    private LogRecovery() {}
}
