package dev.big.cli;

/** How {@code query}, {@code get} and the shell print results. */
enum OutputFormat {
    /** Aligned columns for people: the default on a terminal. */
    TABLE,
    /** A header row, then one row per result row (RFC 4180 quoting, LF line ends): the default when piped. */
    CSV,
    /** A JSON array of objects, one per row, on lines of their own. */
    JSON,
    /** A GitHub-flavoured Markdown table, to paste into an issue or a document. */
    MARKDOWN;

    /** {@code chosen}, or the default for where the output goes. */
    static OutputFormat orDefault(OutputFormat chosen) {
        return chosen != null ? chosen : Terminal.interactive() ? TABLE : CSV;
    }
}
