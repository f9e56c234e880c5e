package dev.big.engine;

import dev.big.page.DatabaseLockedException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The other process of the multi-process tests, driven line by line over stdin; it answers each
 * command with one line on stdout. Roles (first argument):
 * <pre>
 *   writer FILE       opens FILE for writing ("READY stamp" or "LOCKED ..."), then
 *                       "commit N"  N more stamped commits, answers "COMMITTED stamp pages"
 *   reader FILE       a read-only handle:
 *                       "begin"     starts a read and holds it, answers "SEEN stamp"
 *                       "check"     reads the held snapshot again, answers "SEEN stamp"
 *                       "end"       ends the held read, answers "ENDED"
 *                       "second"    opens a second read-only handle, reads, closes it: "SECOND stamp"
 *                       "try-write" tries to open FILE for writing in this process: "LOCKED" or "OPENED"
 *   try-write FILE    tries to open FILE for writing once: "OPENED stamp" or "LOCKED message"; exits
 *   foreign-lock FILE holds an exclusive lock over the whole reader-pin range, as a foreign tool
 *                     (or a writer of a build before pins) would: "HELD"
 * </pre>
 * "quit" (or the end of stdin) closes everything and exits. A failed check answers "FAILED ...".
 * A third argument names the lock implementation to use ({@code -Dbig.locks}), e.g. "posix".
 */
public final class StoreChild {

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[1]);
        if (args.length > 2) {
            System.setProperty("big.locks", args[2]);
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        switch (args[0]) {
            case "writer" -> writer(file, in);
            case "reader" -> reader(file, in);
            case "try-write" -> System.out.println(tryWrite(file));
            case "foreign-lock" -> foreignLock(file, in);
            default -> throw new IllegalArgumentException(args[0]);
        }
        System.out.flush();
    }

    private static void writer(Path file, BufferedReader in) throws Exception {
        Store store;
        try {
            store = Store.open(file);
        } catch (DatabaseLockedException e) {
            System.out.println("LOCKED " + e.getMessage());
            return;
        }
        try (store) {
            int stamp = StampedCommits.latest(store);
            answer("READY " + stamp);
            for (String line; (line = in.readLine()) != null && !line.equals("quit"); ) {
                String[] words = line.split(" ");
                if (words[0].equals("commit")) {
                    for (int i = 0; i < Integer.parseInt(words[1]); i++) {
                        StampedCommits.writeCommit(store, ++stamp);
                    }
                    answer("COMMITTED " + stamp + " " + store.pageCount());
                }
            }
        }
    }

    private static void reader(Path file, BufferedReader in) throws Exception {
        try (Store store = Store.openReadOnly(file)) {
            answer("READY");
            ReadTxn held = null;
            for (String line; (line = in.readLine()) != null && !line.equals("quit"); ) {
                try {
                    switch (line) {
                        case "begin" -> {
                            held = store.beginRead();
                            answer("SEEN " + StampedCommits.observedCommit(held));
                        }
                        case "check" -> answer("SEEN " + StampedCommits.observedCommit(held));
                        case "end" -> {
                            held.close();
                            held = null;
                            answer("ENDED");
                        }
                        case "second" -> {
                            try (Store second = Store.openReadOnly(file); ReadTxn txn = second.beginRead()) {
                                answer("SECOND " + StampedCommits.observedCommit(txn));
                            }
                        }
                        case "try-write" -> answer(tryWrite(file).split(" ")[0]);
                        default -> answer("FAILED unknown command " + line);
                    }
                } catch (Throwable e) {
                    answer("FAILED " + e.toString().replace('\n', ' '));
                }
            }
            if (held != null) {
                held.close();
            }
        }
    }

    static String tryWrite(Path file) {
        try (Store store = Store.open(file)) {
            return "OPENED " + StampedCommits.latest(store);
        } catch (DatabaseLockedException e) {
            return "LOCKED " + e.getMessage();
        }
    }

    @SuppressWarnings("try") // the lock is held for the block: that is the point
    private static void foreignLock(Path file, BufferedReader in) throws Exception {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw");
                FileChannel channel = raf.getChannel();
                FileLock lock = channel.lock(1L << 62, Long.MAX_VALUE - (1L << 62), false)) {
            answer("HELD");
            while (in.readLine() != null) {
                // hold until told to quit or stdin ends
            }
        }
    }

    private static void answer(String line) {
        System.out.println(line);
        System.out.flush();
    }

    private StoreChild() {}
}
