package dev.big.pager;

/** How a pager opens its file. */
public enum OpenMode {
    /** Create a new, empty file; fail if one exists. Takes the write lock. */
    CREATE_NEW,
    /** Open an existing file for reading and writing. Takes the write lock. */
    READ_WRITE,
    /** Open an existing file for reading only. Takes no lock and never writes. */
    READ_ONLY;

    public boolean writable() {
        return this != READ_ONLY;
    }
}
