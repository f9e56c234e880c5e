package dev.big.reliability;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a child JVM of the multi-process battery tells its parent, one line per {@code write(2)} to
 * a file (a SIGKILL cannot lose a line that was written; see {@link Acks}). Written through a
 * {@link FileOutputStream}, which, unlike a {@code FileChannel}, is not closed by a thread
 * interrupt: the children interrupt their own threads on purpose.
 *
 * <p>Lines are a word and its fields: {@code counts name=n ...} (cumulative counters, written every
 * {@value #FLUSH_MILLIS} ms and at exit, so a kill loses at most that much counting; among them
 * {@code held.CHECK}, the times the child made a check of {@link MultiProcessBattery.Check} and it
 * held), {@code WRONG CHECK text} (a broken promise the child saw, and the check it broke),
 * {@code failed kind text} (an interrupted operation that failed with a clear exception: allowed,
 * counted), and whatever else a child reports ({@code writing}, {@code ready}, {@code durable},
 * {@code opened}, ...). The parent reads a log as it grows ({@link Follower}).
 */
final class ChildLog implements AutoCloseable {

    static final long FLUSH_MILLIS = 250;

    /** A child reports this many broken promises in full; past it, only their number. */
    private static final int MAX_WRONG_LINES = 20;
    /** The counters of checks made and held, one per check: {@code held.CHECK}. */
    static final String HELD = "held.";
    /** The counters of broken promises past {@value #MAX_WRONG_LINES}, one per check: {@code not-shown.CHECK}. */
    static final String NOT_SHOWN = "not-shown.";

    private final FileOutputStream out;
    private final Map<String, LongAdder> counters = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> failedKinds = new ConcurrentHashMap<>();
    private int wrongLines;
    private final Thread flusher;

    /** A log with counters, flushed every {@value #FLUSH_MILLIS} ms. */
    ChildLog(Path file) {
        this(file, true);
    }

    /** A log of lines only (the writer's acknowledgements, which readers read from the tail). */
    static ChildLog linesOnly(Path file) {
        return new ChildLog(file, false);
    }

    private ChildLog(Path file, boolean counting) {
        try {
            out = new FileOutputStream(file.toFile(), true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!counting) {
            flusher = null;
            return;
        }
        flusher = Thread.ofPlatform().daemon().name("child-log").start(() -> {
            while (true) {
                try {
                    Thread.sleep(FLUSH_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
                flushCounts();
            }
        });
    }

    void add(String counter, long n) {
        counters.computeIfAbsent(counter, c -> new LongAdder()).add(n);
    }

    void increment(String counter) {
        add(counter, 1);
    }

    /** What this process counted so far under {@code counter}. */
    long count(String counter) {
        LongAdder n = counters.get(counter);
        return n == null ? 0 : n.sum();
    }

    /** {@code check} was made once and held. */
    void held(BatteryCheck check) {
        increment(HELD + check.name());
    }

    /** {@code check} broke; the first {@value #MAX_WRONG_LINES} broken promises in full, then only counted. */
    void wrong(BatteryCheck check, String what) {
        boolean full;
        synchronized (this) {
            full = wrongLines++ < MAX_WRONG_LINES;
        }
        if (full) {
            line("WRONG " + check.name() + " " + what);
        } else {
            increment(NOT_SHOWN + check.name());
        }
    }

    /** An interrupted operation that failed clearly: allowed; counted by kind, the first of each kind in full. */
    void failedByInterrupt(String operation, Throwable e) {
        String kind = operation + ": " + e.getClass().getSimpleName();
        LongAdder seen = failedKinds.computeIfAbsent(kind, k -> new LongAdder());
        seen.increment();
        increment("interrupt-failures");
        held(MultiProcessBattery.Check.ONLY_AN_INTERRUPTED_CALL_FAILS_AND_CLEARLY);
        if (seen.sum() == 1) {
            line("failed " + kind + ": " + e.getMessage());
        }
    }

    void line(String text) {
        byte[] bytes = (text.replace('\n', ' ') + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (out) {
            try {
                out.write(bytes);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    void flushCounts() {
        StringBuilder text = new StringBuilder("counts");
        new TreeMap<>(counters).forEach((name, n) -> text.append(' ').append(name).append('=').append(n.sum()));
        line(text.toString());
    }

    @Override
    public void close() {
        if (flusher != null) {
            flusher.interrupt();
            flushCounts();
        }
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a child's log as it grows: only whole lines, each once. */
    static final class Follower {
        private final Path file;
        private long offset;
        private final Map<String, Long> counts = new TreeMap<>();

        Follower(Path file) {
            this.file = file;
        }

        /** The lines written since the last call. {@code counts} lines are taken in, not returned. */
        List<String> newLines() {
            List<String> lines = new ArrayList<>();
            if (!Files.exists(file)) {
                return lines;
            }
            try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
                long length = in.length();
                if (length <= offset) {
                    return lines;
                }
                byte[] bytes = new byte[(int) Math.min(length - offset, 1 << 24)];
                in.seek(offset);
                in.readFully(bytes);
                int start = 0;
                for (int i = 0; i < bytes.length; i++) {
                    if (bytes[i] == '\n') {
                        String line = new String(bytes, start, i - start, StandardCharsets.UTF_8);
                        start = i + 1;
                        if (line.startsWith("counts")) {
                            takeCounts(line);
                        } else {
                            lines.add(line);
                        }
                    }
                }
                offset += start;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return lines;
        }

        private void takeCounts(String line) {
            for (String pair : line.substring("counts".length()).strip().split(" ")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    counts.put(pair.substring(0, eq), Long.parseLong(pair.substring(eq + 1)));
                }
            }
        }

        /** The child's counters as its last {@code counts} line gave them (0 if never counted). */
        long count(String name) {
            return counts.getOrDefault(name, 0L);
        }
    }

    /**
     * The number of batches the writer last acknowledged in its acknowledgement log
     * ({@code ready inc millis batches} or {@code durable batches pages}, the last one in its tail),
     * or 0. Cheap enough for every read: it reads only the last kilobytes.
     */
    static long lastAcknowledgedBatches(Path acks) {
        try (RandomAccessFile in = new RandomAccessFile(acks.toFile(), "r")) {
            long length = in.length();
            int size = (int) Math.min(length, 4096);
            byte[] tail = new byte[size];
            in.seek(length - size);
            in.readFully(tail);
            String text = new String(tail, StandardCharsets.UTF_8);
            int end = text.lastIndexOf('\n');
            while (end > 0) {
                int start = text.lastIndexOf('\n', end - 1) + 1;
                String[] fields = text.substring(start, end).split(" ");
                if (fields[0].equals("durable") && fields.length >= 2) {
                    return Long.parseLong(fields[1]);
                }
                if (fields[0].equals("ready") && fields.length >= 4) {
                    return Long.parseLong(fields[3]);
                }
                if (start == 0) {
                    break; // the first line of the tail may be cut off
                }
                end = start - 1;
            }
            return 0;
        } catch (java.io.FileNotFoundException e) {
            return 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
