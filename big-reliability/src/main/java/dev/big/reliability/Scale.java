package dev.big.reliability;

/**
 * How much one run of each battery does. {@link #FAST} is the default test run's (the whole fast
 * battery stays within a few minutes on two cores); {@link #LONG} is one round of
 * {@code ./big torture}, which repeats rounds until its time is up.
 *
 * @param kills            kill -9s of writing children per run (half ingest, half single appends)
 * @param faultSteps       operations (commits) in the workload every fault is injected into
 * @param faultStride      inject at every n-th write and sync (1: every one)
 * @param crashImages      random crash images (power cuts) per run
 * @param rotTrials        damage trials per run (each damages one page, or several)
 * @param hostileFiles     hostile files opened per run
 * @param cliInputs        CSV/JSONL/schema inputs fed to the CLI per run
 * @param sqlStatements    SQL statements fuzzed per run
 * @param typedRecords     bad records written through the Java API per run
 * @param wideColumns      columns of the widest CSV header and schema tried
 * @param loadMillis       how long the writer ingests under readers, per run
 * @param lifecycleCycles  open/close cycles per run
 * @param multiProcessMillis how long the multi-process run writes, reads, interrupts and kills, per run
 * @param ownershipOperations writes the concurrent writers of the ownership battery make, per run
 * @param ownershipReaderProcesses reader JVMs that follow the ownership battery's file meanwhile
 */
public record Scale(int kills, int faultSteps, int faultStride, int crashImages, int rotTrials, int hostileFiles,
                    int cliInputs, int sqlStatements, int typedRecords, int wideColumns, long loadMillis,
                    int lifecycleCycles, long multiProcessMillis, long ownershipOperations,
                    int ownershipReaderProcesses) {

    public static final Scale FAST = new Scale(10, 8, 1, 200, 40, 60, 150, 400, 300, 200_000, 6_000, 20, 20_000, 10_000, 1);

    public static final Scale LONG = new Scale(16, 16, 1, 400, 150, 300, 600, 6000, 2000, 2_000_000, 20_000, 60, 60_000, 100_000, 3);
}
