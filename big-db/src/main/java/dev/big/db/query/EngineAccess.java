package dev.big.db.query;

import dev.big.db.Snapshot;
import java.util.Objects;
import java.util.function.Function;

/**
 * The query engine behind a {@link Snapshot}, for the SQL layer of this module, which answers its
 * grouped, bucketed and ranked forms with this package's classes. The package is not exported, so
 * nothing outside the module reaches an engine this way; {@code Snapshot} grants the access once,
 * when it is initialised.
 */
public final class EngineAccess {

    private static volatile Function<Snapshot, QueryEngine> access;

    /** Called once, by {@code Snapshot}. */
    public static void grant(Function<Snapshot, QueryEngine> engineOf) {
        if (access != null) {
            throw new IllegalStateException("engine access was already granted");
        }
        access = Objects.requireNonNull(engineOf);
    }

    public static QueryEngine of(Snapshot snapshot) {
        return access.apply(Objects.requireNonNull(snapshot, "snapshot"));
    }

    private EngineAccess() {}
}
