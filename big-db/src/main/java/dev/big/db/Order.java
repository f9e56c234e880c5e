package dev.big.db;

/** The order of record ids in a listing. */
public enum Order {
    /** Smallest id first (oldest first for appended records). */
    ASC,
    /** Largest id first (newest first for appended records). */
    DESC
}
