package dev.big.cli;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** Where output goes and whether a person is watching it. */
final class Terminal {

    /**
     * Whether standard input and output are a terminal: then tables are drawn for people and
     * progress bars shown; piped or redirected, output is for programs and stays plain.
     */
    static boolean interactive() {
        java.io.Console console = System.console();
        return console != null && console.isTerminal();
    }

    /**
     * Standard output as UTF-8, buffered: results are the same bytes whatever the locale, so
     * scripts can compare them, and a large result is not flushed line by line.
     */
    static PrintWriter stdout() {
        return new PrintWriter(new BufferedWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out),
                StandardCharsets.UTF_8), 1 << 16));
    }

    private Terminal() {}
}
