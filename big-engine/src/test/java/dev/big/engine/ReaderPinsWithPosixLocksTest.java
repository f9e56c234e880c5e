package dev.big.engine;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * {@link ReaderPinsAcrossProcessesTest} with the POSIX lock fallback in both processes
 * ({@code -Dbig.locks=posix}), which keeps a table of the process's locks instead of relying on
 * open file description locks.
 */
class ReaderPinsWithPosixLocksTest extends ReaderPinsAcrossProcessesTest {

    private String before;

    @BeforeEach
    void usePosixLocks() {
        before = System.getProperty("big.locks");
        System.setProperty("big.locks", "posix");
    }

    @AfterEach
    void restoreLocks() {
        if (before == null) {
            System.clearProperty("big.locks");
        } else {
            System.setProperty("big.locks", before);
        }
    }
}
