package dev.big.db.write;

import dev.big.db.Transaction;
import java.util.Objects;
import java.util.function.Function;

/**
 * The bound changes ({@link TransactionChanges}) of a {@link Transaction}, for the SQL layer of
 * this module, as {@code query.EngineAccess} gives it a snapshot's engine. The package is not
 * exported, so nothing outside the module writes this way; {@code Transaction} grants the access
 * once, when it is initialised.
 */
public final class ChangeAccess {

    private static volatile Function<Transaction, TransactionChanges> access;

    /** Called once, by {@code Transaction}. */
    public static void grant(Function<Transaction, TransactionChanges> changesOf) {
        if (access != null) {
            throw new IllegalStateException("change access was already granted");
        }
        access = Objects.requireNonNull(changesOf);
    }

    public static TransactionChanges of(Transaction transaction) {
        Objects.requireNonNull(transaction, "transaction");
        if (access == null) {
            // Transaction's initialiser grants it; a transaction that exists has been initialised.
            throw new IllegalStateException("change access was not granted");
        }
        return access.apply(transaction);
    }

    private ChangeAccess() {}
}
