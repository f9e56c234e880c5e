package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.testing.ChildJvm;
import dev.big.testing.TestDirs;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link Db#read(Commit)} across processes, as a distributed query runs it: a coordinator process
 * holds a snapshot and hands out its commit; the writer (this process) then rewrites every record
 * of that commit, freeing its pages again and again; a worker reads the handed-out commit and must
 * see exactly its records. Only the coordinator's pin — a file lock in another process — keeps the
 * writer from reusing those pages: without it the worker's read fails a checksum.
 */
class ReadAtCommitAcrossProcessesTest {

    private static final TableDef T = TableDef.of("t", FieldDef.intField("v"));

    /** The coordinator: holds a snapshot of args[0], prints its commit, and lets go when told. */
    public static void main(String[] args) throws Exception {
        try (Db db = Db.openReadOnly(Path.of(args[0])); Snapshot held = db.read()) {
            Commit c = held.commit();
            System.out.println(c.formatVersion() + " " + c.txid() + " " + c.pageCount() + " " + c.rootsPage() + " " + c.rootsChecksum() + " "
                    + c.catalogPage() + " " + c.catalogChecksum() + " " + c.freelistPage() + " " + c.freelistChecksum() + " "
                    + c.freePages() + " " + c.commitMillis() + " " + held.count("t"));
            System.out.flush();
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        }
    }

    @Test
    void aWorkerReadsTheCommitAnotherProcessHoldsAfterTheWriterMovedOn() throws Exception {
        Path file = TestDirs.newDir("read-at-commit-processes").resolve("t.big");
        try (Db writer = Db.create(file, List.of(T)); Db worker = Db.openReadOnly(file)) {
            for (int i = 0; i < 100; i++) {
                writer.append("t", Row.of("v", i));
            }
            Process coordinator = ChildJvm.builder(256, ReadAtCommitAcrossProcessesTest.class, file.toString())
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(coordinator.getInputStream(), StandardCharsets.UTF_8));
                 PrintStream in = new PrintStream(coordinator.getOutputStream(), true, StandardCharsets.UTF_8)) {
                long[] f = Arrays.stream(out.readLine().split(" ")).mapToLong(Long::parseLong).toArray();
                Commit commit = new Commit((int) f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10]);
                assertEquals(100, f[11], "the coordinator's snapshot");
                for (int round = 0; round < 3; round++) {
                    for (int i = 0; i < 100; i++) {
                        writer.update("t", i, "v", 1000 * (round + 1) + i); // frees the held commit's pages
                    }
                    writer.append("t", Row.of("v", -round));
                }
                try (Snapshot held = worker.read(commit)) {
                    assertEquals(commit.txid(), held.txid());
                    assertEquals(100, held.count("t"));
                    assertEquals(4950, held.aggregate("t", "v", Filter.all()).sum().longValue());
                    assertEquals(0, held.count("t", Filter.ge("v", 1000)));
                }
                try (Snapshot latest = worker.read()) {
                    assertEquals(103, latest.count("t"));
                }
                in.println("done");
            }
            assertTrue(coordinator.waitFor(30, TimeUnit.SECONDS), "the coordinator exited");
            assertEquals(0, coordinator.exitValue());
        }
    }
}
