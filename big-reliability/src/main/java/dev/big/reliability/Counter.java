package dev.big.reliability;

/** What the battery counts: the rows of the summary table, in order. */
public enum Counter {
    KILLS("kills survived (kill -9 of a writing child JVM, then reopen and verify)"),
    ACKED_RECORDS("acknowledged records verified after the kills"),
    FAULTS("faults injected (failed or torn write, failed sync, full disk)"),
    CRASH_IMAGES("crash images reopened (power cut: unsynced writes dropped, kept at random, torn)"),
    PAGES_CORRUPTED("pages corrupted (flipped bytes or zeroed, every page kind)"),
    PAGES_DETECTED("damaged pages detected (every query touching it failed naming it; check listed it)"),
    META_ROLLBACKS("newest meta page damaged: opened the previous commit (check notes it)"),
    HOSTILE_FILES("hostile files refused (random, truncated, future version, foreign, crafted)"),
    BAD_INPUTS("bad inputs tried (CSV, JSONL, SQL, schema files, typed records)"),
    READS_CHECKED("reads checked against the known answer"),
    LIFECYCLE("lifecycle events (open/close cycles, close under readers, lock refusals, read-only followers)"),
    WRITER_KILLS("writer processes killed under reader processes (kill -9, then reopen and verify)"),
    READER_KILLS("reader processes killed (kill -9) while the writer wrote"),
    READER_INTERRUPTS("thread interrupts delivered to reading threads (reader processes and the writer's process)"),
    WRITER_INTERRUPTS("thread interrupts delivered to the writing thread (mid-ingest, mid-commit)"),
    READING_INTERRUPTER_MILLIS("milliseconds the interrupters of reading threads ran (the time their interrupts had)"),
    WRITING_INTERRUPTER_MILLIS("milliseconds the interrupter of the writing thread ran (the time its interrupts had)"),
    WRITE_OPENS_REFUSED("write opens refused while another process writes (DatabaseLockedException)"),
    SNAPSHOTS_RECHECKED("snapshots asked again after newer commits landed: the same answers"),
    OWNERSHIP_OPERATIONS("writes by concurrent writers checked against a model (appends, ingest, ids, bulk loads,"
            + " changes, transactions handed between threads, JDBC aborts)");

    private final String label;

    Counter(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
