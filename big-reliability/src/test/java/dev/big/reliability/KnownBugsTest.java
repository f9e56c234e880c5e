package dev.big.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The bugs the battery found, each a reproduction ({@link KnownBugs}) that fails while the bug is
 * there. Fixed ones guard against the bug's return; a newly found, still open one is added with
 * {@code @Disabled} naming the bug, so the default build stays green. Run them all, open ones too,
 * with {@code mvn -pl big-reliability test -Dtest=KnownBugsTest -Djunit.jupiter.conditions.deactivate=org.junit.*DisabledCondition}.
 */
class KnownBugsTest {

    private static void assertGone(KnownBugs.ProbeBody probe, String name) throws Exception {
        Path dir = WorkDirs.newDir("known-bug");
        Optional<String> seen = probe.run(dir);
        assertEquals(Optional.empty(), seen, name);
        WorkDirs.delete(dir);
    }

    @Test
    void aReadOnlySnapshotKeepsItsAnswersWhileAnotherHandleWrites() throws Exception {
        assertGone(KnownBugs::readOnlyStaleSnapshot, KnownBugs.READ_ONLY_STALE_SNAPSHOT);
    }

    @Test
    void aReadThatFailsOnADamagedCatalogLeavesNothingOpen() throws Exception {
        assertGone(KnownBugs::leakedReadOnDamagedCatalog, KnownBugs.LEAKED_READ_ON_DAMAGED_CATALOG);
    }

    @Test
    void aSchemaWithARepeatedTableCreatesNothing() throws Exception {
        assertGone(KnownBugs::createWithARepeatedTableName, KnownBugs.CREATE_REPEATED_TABLE);
    }

    @Test
    void aLongOrChainIsAnsweredOrRefusedNotAStackOverflow() throws Exception {
        assertGone(KnownBugs::sqlStackOverflow, KnownBugs.SQL_STACK_OVERFLOW);
    }

    @Test
    void aStringWithAnUnpairedSurrogateIsRefusedOrKept() throws Exception {
        assertGone(KnownBugs::unpairedSurrogate, KnownBugs.UNPAIRED_SURROGATE);
    }

    @Test
    void openingAPipeIsRefused() throws Exception {
        assertGone(KnownBugs::fifoHangs, KnownBugs.FIFO_HANGS);
    }

    @Test
    void skipBadSetsEveryRefusedRowAsideWhateverTheTiming() throws Exception {
        assertGone(KnownBugs::loaderRace, KnownBugs.LOADER_RACE);
    }

    @Test
    void theWriteLockHoldsWhateverElseThisProcessOpensAndCloses() throws Exception {
        assertGone(KnownBugs::lockReleased, KnownBugs.LOCK_RELEASED);
    }

    @Test
    void aLongLivedReadOnlyHandleFollowsItsWriterAsTheFileGrows() throws Exception {
        assertGone(KnownBugs::readOnlyStopsFollowing, KnownBugs.READ_ONLY_STOPS_FOLLOWING);
    }

    @Test
    void aStoppedLoadReportsEveryBatchThatCommitted() throws Exception {
        assertGone(KnownBugs::loadStopMiscounts, KnownBugs.LOAD_STOP_MISCOUNTS);
    }

    @Test
    void anOrderByPositionPast64BitsIsRefusedClearly() throws Exception {
        assertGone(KnownBugs::sqlHugeOrdinal, KnownBugs.SQL_HUGE_ORDINAL);
    }
}
