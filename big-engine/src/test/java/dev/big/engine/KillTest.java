package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.check.CheckReport;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A child JVM commits as fast as it can and is killed with SIGKILL at random moments. After each
 * kill the file reopens with a clean check, holds every commit the child acknowledged, and equals
 * the workload's state after exactly one commit count (nothing half-applied).
 */
class KillTest {

    static final int KILLS = Integer.getInteger("big.kills", 20);

    @Test
    void killingTheWriterAnywhereLosesNothingAcknowledged() throws Exception {
        long seed = 7;
        Path file = TestDirs.newDir("kill").resolve("db.big");
        Random random = new Random(Long.getLong("big.seed", System.nanoTime()));
        int lastSeen = 0;
        for (int kill = 0; kill < KILLS; kill++) {
            Process child = ChildJvm.start(CrashingWriter.class, file.toString(), Long.toString(seed));
            AtomicInteger acknowledged = new AtomicInteger(-1);
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            String ready = out.readLine();
            assertTrue(ready != null && ready.startsWith("ready"), "child did not start: " + ready);
            Thread reader = Thread.ofPlatform().start(() -> {
                try {
                    for (String line; (line = out.readLine()) != null; ) {
                        if (line.startsWith("committed ")) {
                            acknowledged.set(Integer.parseInt(line.substring(10)));
                        }
                    }
                } catch (java.io.IOException ignored) {
                    // The child died; what it acknowledged so far is what counts.
                }
            });
            Thread.sleep(30 + random.nextInt(400));
            child.destroyForcibly();
            child.waitFor();
            reader.join();
            int acked = acknowledged.get();
            try (Store store = Store.open(file)) {
                CheckReport report = store.check();
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
        System.out.println("KillTest: " + KILLS + " kills survived, reached commit " + lastSeen);
    }
}
