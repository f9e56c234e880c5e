package dev.big.cli;

/** Where a row came from: its file (as the user named it) and the line it starts on (1-based). */
record RowPosition(String file, long line) {

    @Override
    public String toString() {
        return file + ":" + line;
    }
}
