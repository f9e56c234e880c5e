package dev.big.engine.check;

import java.util.List;

/**
 * The outcome of a full check: every page reachable from the latest commit verified, and every
 * page below the high-water mark used exactly once.
 */
public record CheckReport(String file, long txid, long pageCount, long pagesChecked, long freePages,
                          List<Problem> problems, List<String> notes) {

    /** One thing wrong with one page. */
    public record Problem(long pgno, String kind, String message) {
        @Override
        public String toString() {
            return "page " + pgno + " (" + kind + "): " + message;
        }
    }

    public CheckReport {
        problems = List.copyOf(problems);
        notes = List.copyOf(notes);
    }

    /** The same report with {@code more} notes (things worth knowing that are not damage to the commit). */
    public CheckReport withNotes(List<String> more) {
        List<String> all = new java.util.ArrayList<>(notes);
        all.addAll(more);
        return new CheckReport(file, txid, pageCount, pagesChecked, freePages, problems, all);
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
