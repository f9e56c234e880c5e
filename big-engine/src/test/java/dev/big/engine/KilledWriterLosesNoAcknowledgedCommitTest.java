package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.check.StoreCheckReport;
import dev.big.testing.ChildJvm;
import dev.big.testing.TestDirs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A child JVM commits as fast as it can and is killed with SIGKILL at random moments. After each
 * kill the file reopens with a clean check, holds every commit the child acknowledged, and equals
 * the workload's state after exactly one commit count (nothing half-applied).
 */
@Tag("child-jvm")
class KilledWriterLosesNoAcknowledgedCommitTest {

    static final int KILLS = Integer.getInteger("big.kills", 20);

    @Test
    void killingTheWriterAnywhereLosesNothingAcknowledged() throws Exception {
        long seed = 7;
        Path file = TestDirs.newDir("kill").resolve("db.big");
        Random random = new Random(Long.getLong("big.seed", System.nanoTime()));
        int lastSeen = 0;
        for (int kill = 0; kill < KILLS; kill++) {
            // Acknowledgements go to a file, not a pipe: reading a pipe while the JDK drains it at
            // process exit can fail and drop the last lines, which would look like lost commits.
            Path acks = file.resolveSibling("acks-" + kill + ".txt");
            Process child = ChildJvm.builder(256, CrashingWriter.class, file.toString(), Long.toString(seed))
                    .redirectError(ProcessBuilder.Redirect.INHERIT).redirectOutput(acks.toFile()).start();
            long deadline = System.currentTimeMillis() + 30_000;
            while (!java.nio.file.Files.readString(acks).contains("ready") && System.currentTimeMillis() < deadline) {
                assertTrue(child.isAlive(), "child died before it was ready");
                Thread.sleep(5);
            }
            Thread.sleep(30 + random.nextInt(400));
            child.destroyForcibly();
            child.waitFor();
            AtomicInteger acknowledged = new AtomicInteger(-1);
            for (String line : java.nio.file.Files.readAllLines(acks, StandardCharsets.UTF_8)) {
                if (line.startsWith("committed ")) {
                    acknowledged.set(Integer.parseInt(line.substring(10)));
                }
            }
            int acked = acknowledged.get();
            try (Store store = Store.open(file)) {
                StoreCheckReport report = store.check();
                assertTrue(report.ok(), "after kill " + kill + ": " + report.describe());
                try (ReadTxn txn = store.beginRead()) {
                    int stamp = CommitWorkload.stamp(txn);
                    assertTrue(stamp >= acked, "kill " + kill + ": child acknowledged commit " + acked
                            + " but the file holds only " + stamp);
                    assertTrue(stamp <= Math.max(acked, lastSeen) + 1, "kill " + kill + ": file holds commit " + stamp
                            + ", beyond the one in flight after " + acked);
                    TreeModelTest.assertSame(txn, CommitWorkload.modelAfter(seed, stamp), "after kill " + kill);
                    lastSeen = stamp;
                }
            }
        }
        assertTrue(lastSeen > KILLS, "the child committed only " + lastSeen + " times in " + KILLS + " runs");
        System.out.println("KilledWriterLosesNoAcknowledgedCommitTest: " + KILLS + " kills survived, reached commit " + lastSeen);
    }
}
