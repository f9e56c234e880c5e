package dev.big.reliability;

import dev.big.cli.BigCommand;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Child JVM of {@link CliBatch}: runs {@code big} commands one after another in this JVM
 * ({@link BigCommand#execute}, which returns the exit code the command would exit with) and writes
 * each one's exit code, output and error text to the results file. Standard error is captured by
 * redirecting {@link System#err}; the command writes results to file descriptor 1 directly (see
 * the CLI's {@code Terminal}), so standard output is read back from the file the parent redirected
 * it to.
 *
 * <p>Arguments: commands file, results file, this process's standard output file, timeout per
 * command in milliseconds.
 */
public final class CliBatchChild {

    public static void main(String[] args) throws Exception {
        Path stdoutFile = Path.of(args[2]);
        long timeoutMillis = Long.parseLong(args[3]);
        List<List<String>> commands = new ArrayList<>();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(Path.of(args[0]))))) {
            int n = in.readInt();
            for (int i = 0; i < n; i++) {
                int argc = in.readInt();
                List<String> command = new ArrayList<>();
                for (int a = 0; a < argc; a++) {
                    command.add(new String(CliBatch.readBytes(in), StandardCharsets.UTF_8));
                }
                commands.add(command);
            }
        }
        PrintStream realErr = System.err;
        ExecutorService runner = Executors.newCachedThreadPool(r -> Thread.ofPlatform().daemon().unstarted(r));
        try (DataOutputStream results = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(Path.of(args[1]))))) {
            for (List<String> command : commands) {
                System.out.flush();
                long before = Files.size(stdoutFile);
                ByteArrayOutputStream err = new ByteArrayOutputStream();
                System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
                long start = System.nanoTime();
                int exit;
                Future<Integer> running = runner.submit(() -> BigCommand.execute(command.toArray(String[]::new)));
                try {
                    exit = running.get(timeoutMillis, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    exit = CliBatch.TIMED_OUT;
                } catch (java.util.concurrent.ExecutionException e) {
                    exit = CliBatch.ESCAPED;
                    System.err.println("escaped: " + e.getCause());
                    e.getCause().printStackTrace(System.err);
                }
                long millis = (System.nanoTime() - start) / 1_000_000;
                System.out.flush();
                System.err.flush();
                System.setErr(realErr);
                byte[] out = readFrom(stdoutFile, before);
                results.writeInt(exit);
                CliBatch.writeBytes(results, out);
                CliBatch.writeBytes(results, err.toByteArray());
                results.writeLong(millis);
                results.flush();
            }
        }
        System.exit(0);
    }

    private static byte[] readFrom(Path file, long offset) throws Exception {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            long length = raf.length() - offset;
            if (length <= 0) {
                return new byte[0];
            }
            byte[] bytes = new byte[(int) Math.min(length, 1 << 20)];
            raf.seek(offset);
            raf.readFully(bytes);
            return bytes;
        }
    }

    private CliBatchChild() {}
}
