package dev.big.engine.check;

import java.util.ArrayList;
import java.util.List;

/**
 * The outcome of the store's check ({@code Store.check()}): every page reachable from the latest
 * commit verified, every page below the high-water mark used exactly once, and what reads trust
 * without verifying (separators, bit planes inside the exists row, zone-map counts) agreeing with
 * the data it summarises. A layer above adds what only it can check ({@link #withProblems}); big-db
 * hands the whole to its callers as its own {@code CheckReport}.
 */
public record StoreCheckReport(String file, long txid, long pageCount, long pagesChecked, long freePages,
                               List<Problem> problems, List<String> notes) {

    /**
     * One thing wrong: with the page it was found in, or {@link #NO_PAGE} for a disagreement
     * between structures that no single page holds (its message names where instead).
     */
    public record Problem(long pgno, String kind, String message) {

        public static final long NO_PAGE = -1;

        @Override
        public String toString() {
            return pgno == NO_PAGE ? kind + ": " + message : "page " + pgno + " (" + kind + "): " + message;
        }
    }

    public StoreCheckReport {
        problems = List.copyOf(problems);
        notes = List.copyOf(notes);
    }

    /** The same report with {@code more} notes (things worth knowing that are not damage to the commit). */
    public StoreCheckReport withNotes(List<String> more) {
        List<String> all = new ArrayList<>(notes);
        all.addAll(more);
        return new StoreCheckReport(file, txid, pageCount, pagesChecked, freePages, problems, all);
    }

    /** The same report with {@code more} problems, found by a check of a layer above the engine. */
    public StoreCheckReport withProblems(List<Problem> more) {
        List<Problem> all = new ArrayList<>(problems);
        all.addAll(more);
        return new StoreCheckReport(file, txid, pageCount, pagesChecked, freePages, all, notes);
    }

    public boolean ok() {
        return problems.isEmpty();
    }

    /** A human-readable report, one problem per line. */
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
