package dev.big.engine;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Child process for the kill -9 test: opens (or creates) the store and commits the workload's
 * commits one after another, printing "committed i" after each commit returns, until killed.
 */
public final class CrashingWriter {

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        long seed = Long.parseLong(args[1]);
        try (Store store = Files.exists(file) ? Store.open(file) : Store.create(file)) {
            int next;
            try (ReadTxn txn = store.beginRead()) {
                next = CommitWorkload.stamp(txn) + 1;
            }
            System.out.println("ready " + next);
            System.out.flush();
            for (int i = next; ; i++) {
                try (WriteTxn txn = store.beginWrite()) {
                    CommitWorkload.apply(seed, i, txn, new java.util.HashMap<>());
                    txn.commit();
                }
                System.out.println("committed " + i);
                System.out.flush();
            }
        }
    }

    private CrashingWriter() {}
}
