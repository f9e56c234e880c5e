package dev.big.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * A writing child's acknowledgements, one line per write(2): {@code ready N} when it has opened
 * the database holding N records, then {@code durable N} each time the database says N records are
 * committed and durable. A SIGKILL cannot lose a line that was written (the page cache survives
 * the process), so the last {@code durable} line is a lower bound on what the file must hold.
 */
public final class Acks implements AutoCloseable {

    private final FileChannel channel;

    public Acks(Path file) {
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void ready(long records) {
        line("ready " + records);
    }

    public void durable(long records) {
        line("durable " + records);
    }

    public void error(String message) {
        line("error " + message.replace('\n', ' '));
    }

    private void line(String text) {
        ByteBuffer bytes = ByteBuffer.wrap((text + "\n").getBytes(StandardCharsets.UTF_8));
        try {
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    /** What a child acknowledged, read back after it died. */
    public record Read(long ready, long durable, String error) {
        boolean isReady() {
            return ready >= 0;
        }
    }

    public static Read read(Path file) {
        long ready = -1;
        long durable = -1;
        String error = null;
        try {
            if (!Files.exists(file)) {
                return new Read(-1, -1, null);
            }
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (String line : lines) {
                if (line.startsWith("ready ")) {
                    ready = Long.parseLong(line.substring(6));
                } else if (line.startsWith("durable ")) {
                    durable = Long.parseLong(line.substring(8));
                } else if (line.startsWith("error ")) {
                    error = line.substring(6);
                }
                // A line cut short by the kill (no newline yet) cannot parse as a whole number
                // of a longer one: write(2) of one short line is atomic on a local file.
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Read(ready, durable, error);
    }
}
