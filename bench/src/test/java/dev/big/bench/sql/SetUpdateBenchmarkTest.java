package dev.big.bench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The set-based UPDATE benchmark changes every record of the one type, and only those, each call. */
class SetUpdateBenchmarkTest {

    @Test
    void eachCallFlipsVerifiedOnEveryRecordOfTheType() {
        SetUpdateBenchmark benchmark = new SetUpdateBenchmark();
        benchmark.matching = 1_000;
        benchmark.load();
        try {
            assertEquals(1_000L, benchmark.updateOneType());
            assertEquals(1_000L, benchmark.db.sql("SELECT count(*) FROM events WHERE verified").scalar());
            assertEquals(1_000L, benchmark.db.sql("SELECT count(*) FROM events WHERE type = 'a' AND verified").scalar());
            assertEquals(1_000L, benchmark.updateOneType());
            assertEquals(1_000L, benchmark.db.sql("SELECT count(*) FROM events WHERE NOT verified").scalar());
            assertEquals(0L, benchmark.db.sql("SELECT count(*) FROM events WHERE type = 'b' AND verified IS NOT NULL").scalar());
        } finally {
            benchmark.delete();
        }
    }
}
