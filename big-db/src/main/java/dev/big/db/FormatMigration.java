package dev.big.db;

/**
 * What {@link Db#migrate()} did to a file's format version (docs/versioning.md): raised it from
 * {@code fromVersion} to {@code toVersion} in one commit, or, when the two are equal, nothing,
 * as the file was already of the version this build writes.
 *
 * @param fromVersion the file format version before
 * @param toVersion the file format version after, {@link Inspection#FORMAT_VERSION_CURRENT}
 */
public record FormatMigration(int fromVersion, int toVersion) {

    /** Whether the file was changed (a commit was made). */
    public boolean migrated() {
        return fromVersion != toVersion;
    }

    /** "file format 1 -> 3", or "already format 3". */
    @Override
    public String toString() {
        return migrated() ? "file format " + fromVersion + " -> " + toVersion : "already format " + toVersion;
    }
}
