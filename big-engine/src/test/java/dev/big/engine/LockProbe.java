package dev.big.engine;

import dev.big.page.DatabaseLockedException;
import java.nio.file.Path;

/** Child process that tries to open a store for writing and says what happened. */
public final class LockProbe {

    public static void main(String[] args) {
        try (Store store = Store.open(Path.of(args[0]))) {
            System.out.println("OPENED txid " + store.txid());
        } catch (DatabaseLockedException e) {
            System.out.println("LOCKED " + e.getMessage());
        }
        try (Store store = Store.openReadOnly(Path.of(args[0]))) {
            System.out.println("READ txid " + store.txid());
        }
    }

    private LockProbe() {}
}
