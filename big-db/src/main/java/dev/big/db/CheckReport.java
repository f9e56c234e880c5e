package dev.big.db;

import java.util.List;

/**
 * What {@link Db#check()} found: every page reachable from the commit checked verified, every page
 * below the high-water mark used exactly once, and what queries answer from without reading data
 * (separators, zone maps, record counts, dictionaries, the catalog's id counters) agreeing with the
 * data it summarises. Every problem is listed; a check never stops at the first.
 *
 * @param file the database file checked
 * @param txid the commit checked
 * @param pageCount the pages below the file's high-water mark
 * @param pagesChecked the pages read and verified
 * @param freePages the pages listed free
 * @param problems everything found wrong, in the order found; empty when the file is sound
 * @param notes things worth knowing that are not damage to the commit
 */
public record CheckReport(String file, long txid, long pageCount, long pagesChecked, long freePages,
                          List<Problem> problems, List<String> notes) {

    /**
     * One thing wrong: with the page it was found in, or {@link #NO_PAGE} for a disagreement
     * between structures that no single page holds (its message names where instead).
     *
     * @param pgno the page number, or {@link #NO_PAGE}
     * @param kind what was checked: {@code "checksum"}, {@code "zone map"}, {@code "dictionary"}, ...
     * @param message what is wrong and where
     */
    public record Problem(long pgno, String kind, String message) {

        /** The page number of a problem no single page holds. */
        public static final long NO_PAGE = -1;

        @Override
        public String toString() {
            return pgno == NO_PAGE ? kind + ": " + message : "page " + pgno + " (" + kind + "): " + message;
        }
    }

    /** Copies the lists, so a report never changes after it is made. */
    public CheckReport {
        problems = List.copyOf(problems);
        notes = List.copyOf(notes);
    }

    /** Whether nothing was found wrong. */
    public boolean ok() {
        return problems.isEmpty();
    }

    /** A human-readable report: a summary line, then one line per problem and per note. */
    public String describe() {
        StringBuilder out = new StringBuilder();
        out.append(file).append(": txid ").append(txid).append(", ").append(pageCount).append(" pages, ")
                .append(pagesChecked).append(" checked, ").append(freePages).append(" free: ")
                .append(ok() ? "OK" : problems.size() + " problem(s)").append('\n');
        for (Problem problem : problems) {
            out.append("  ").append(problem).append('\n');
        }
        for (String note : notes) {
            out.append("  note: ").append(note).append('\n');
        }
        return out.toString();
    }
}
