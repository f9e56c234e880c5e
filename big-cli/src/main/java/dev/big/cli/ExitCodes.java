package dev.big.cli;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The exit codes of the big command: the BSD sysexits values where one fits, so scripts can
 * tell a bad argument from bad data, a missing file or a failing disk, and one code of big's own
 * for corruption found (outside the sysexits range, so it cannot be mistaken for one of them).
 */
public final class ExitCodes {

    public static final int OK = 0;
    /** {@code get}: no record with that id (like grep finding nothing). */
    public static final int NOT_FOUND = 1;
    /** EX_USAGE: a wrong option, argument or subcommand. */
    public static final int USAGE = 64;
    /** EX_DATAERR: input big cannot accept: a bad row, schema, SQL statement or stream version; not a big file. */
    public static final int DATA_ERROR = 65;
    /** EX_NOINPUT: an input file or database is missing, is a directory or cannot be read. */
    public static final int NO_INPUT = 66;
    /** EX_SOFTWARE: an internal error, a bug in big (run with --debug and report the stack trace). */
    public static final int INTERNAL_ERROR = 70;
    /** EX_CANTCREAT: an output (a new database, an export file) exists already or cannot be created. */
    public static final int CANNOT_CREATE = 73;
    /** EX_IOERR: reading or writing failed (disk full, I/O error), or the database is locked by another process. */
    public static final int IO_ERROR = 74;
    /** EX_TEMPFAIL: a read-only export lost a race with a writer in another process; retry. */
    public static final int TRY_AGAIN = 75;
    /** big's own: corruption found, by {@code check} or by any command reading a damaged page or stream. */
    public static final int CORRUPTION = 79;

    /** The table every {@code --help} ends with. */
    static Map<String, String> helpList() {
        Map<String, String> codes = new LinkedHashMap<>();
        codes.put(Integer.toString(OK), "success");
        codes.put(Integer.toString(NOT_FOUND), "get: no record with that id");
        codes.put(Integer.toString(USAGE), "usage error: unknown option, missing or bad argument");
        codes.put(Integer.toString(DATA_ERROR), "bad data: a bad row, schema, SQL statement or stream version; not a big file");
        codes.put(Integer.toString(NO_INPUT), "an input file or database is missing, a directory or unreadable");
        codes.put(Integer.toString(INTERNAL_ERROR), "internal error (a bug): rerun with --debug and report it");
        codes.put(Integer.toString(CANNOT_CREATE), "the output exists already or cannot be created");
        codes.put(Integer.toString(IO_ERROR), "I/O error, or the database is locked by another process");
        codes.put(Integer.toString(TRY_AGAIN), "export: another process rewrote pages mid-export; try again");
        codes.put(Integer.toString(CORRUPTION), "corruption found (check, or a damaged page or export stream)");
        return codes;
    }

    private ExitCodes() {}
}
