package dev.big.engine;

import dev.big.testing.ChildJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/** A {@link StoreChild} in another JVM, asked one line at a time. Closing it ends the process. */
final class Child implements AutoCloseable {

    private static final long ANSWER_SECONDS = 60;

    private final Process process;
    private final PrintStream commands;
    private final BlockingQueue<String> answers = new ArrayBlockingQueue<>(1024);

    private Child(Process process) {
        this.process = process;
        this.commands = new PrintStream(process.getOutputStream(), true, StandardCharsets.UTF_8);
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) {
                    answers.add(line);
                }
            } catch (IOException e) {
                // the process ended
            }
            answers.add("EXITED");
        });
    }

    static Child start(String role, Path file) throws IOException {
        return start(role, file, System.getProperty("big.locks", ""));
    }

    /** A child using the lock implementation {@code locks} ("posix", "ofd", or "" for the default). */
    static Child start(String role, Path file, String locks) throws IOException {
        return new Child(ChildJvm.builder(256, StoreChild.class, role, file.toString(), locks)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start());
    }

    /** The next line the child prints. */
    String answer() throws InterruptedException {
        String line = answers.poll(ANSWER_SECONDS, TimeUnit.SECONDS);
        if (line == null) {
            throw new AssertionError("the child process did not answer within " + ANSWER_SECONDS + " s");
        }
        return line;
    }

    /** Sends {@code command} and returns the answer. */
    String ask(String command) throws InterruptedException {
        commands.println(command);
        return answer();
    }

    @Override
    public void close() {
        commands.println("quit");
        commands.close();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
