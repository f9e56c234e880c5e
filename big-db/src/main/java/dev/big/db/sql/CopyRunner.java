package dev.big.db.sql;

import dev.big.db.Snapshot;
import dev.big.db.rowfile.RowFiles;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs {@code COPY ... TO 'file'} on a snapshot: opens the query's cursor (so the query is
 * compiled and bound, and its errors reported, before the file is touched) and has
 * {@link RowFiles} write the rows as the cursor reads them, to a hidden sibling renamed over the
 * file when complete. The answer is one row, {@code count}, the rows written, as DuckDB's COPY
 * answers.
 */
final class CopyRunner {

    /** Runs the COPY statement {@code sql}, whose query's {@code ?} stand for {@code parameters}. */
    static SqlResult run(Snapshot snapshot, String sql, List<?> parameters) {
        CopyStatement copy = CopyParser.parse(sql);
        Path file;
        try {
            file = Path.of(copy.file());
        } catch (InvalidPathException e) {
            throw SqlErrors.invalid("the file '" + copy.file() + "' is not a path this system can write (" + e.getReason()
                    + ")", sql);
        }
        try (SqlCursor rows = SqlEngine.open(snapshot, copy.query(), parameters)) {
            return SqlResult.ofCount(RowFiles.writeFile(rows, copy.format(), copy.options(), file));
        }
    }

    private CopyRunner() {}
}
