package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The ./big launcher: the real one, run from elsewhere and through a symlink; and copies of it in
 * fake repositories, to see it choose a JDK, rebuild a stale jar with one line, and explain what to
 * install when there is no JDK 25.
 */
@Tag("child-jvm")
class LauncherIT {

    private static final Path LAUNCHER = Cli.REPO.resolve("big");
    private static final Path JDK_HOME = Path.of(Cli.JAVA).getParent().getParent();

    @Test
    void theRealLauncherRunsFromAnyDirectoryAndThroughASymlink() throws IOException {
        Path dir = Cli.newDir("launcher");
        // BIG_SKIP_BUILD: the jar under test is the one Maven just packaged; a rebuild (if someone edited a
        // source meanwhile) would replace it under the other test classes. The rebuild is tested below.
        Map<String, String> env = Map.of("BIG_SKIP_BUILD", "1");
        Cli.Run run = Cli.run(dir, List.of(LAUNCHER.toString(), "--version"), env, null);
        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.stdout().startsWith("big ") && run.stdout().contains("\nfile format 6 (reads 1 to 6)\n")
                && run.stdout().contains("\nexport stream 5 (reads 1 to 5)\n"), run.stdout());
        Path link = Files.createSymbolicLink(dir.resolve("big-link"), LAUNCHER);
        Cli.Run linked = Cli.run(dir, List.of(link.toString(), "get", "nope.big", "t", "1"), env, null);
        assertEquals(66, linked.exitCode(), "the CLI ran and its exit code came through: " + linked);
    }

    /** A load takes the parallel collector, unless BIG_JAVA_OPTS picks one: the JVM refuses two. */
    @Test
    void aLoadRunsWithTheLaunchersCollectorOrTheOneTheUserPicked() throws IOException {
        Path dir = Cli.newDir("launcher-gc");
        Path csv = Files.writeString(dir.resolve("t.csv"), "name,n\na,1\nb,2\n");
        for (String opts : List.of("-Xlog:gc=info", "-XX:+UseSerialGC -Xlog:gc=info")) {
            Path db = dir.resolve(opts.contains("Serial") ? "serial.big" : "default.big");
            Cli.Run run = Cli.run(dir, List.of(LAUNCHER.toString(), "load", db.toString(), "t", csv.toString(), "--create"),
                    Map.of("BIG_SKIP_BUILD", "1", "BIG_JAVA_OPTS", opts), null);
            assertEquals(0, run.exitCode(), run.toString());
            assertTrue(run.stdout().contains(opts.contains("Serial") ? "Using Serial" : "Using Parallel"), run.stdout());
            assertTrue(run.stdout().contains("loaded 2 rows into t"), run.stdout());
        }
    }

    @Test
    void aStaleJarIsRebuiltSayingSoInOneLine() throws IOException {
        Path repo = fakeRepository();
        Path bin = Files.createDirectories(repo.resolve("fake-bin"));
        // A stand-in for Maven: records how it was called and "builds" by touching the jar.
        executable(bin.resolve("mvn"), """
                #!/bin/sh
                echo "$@" >> "%s"
                touch big-cli/target/big-cli.jar
                """.formatted(repo.resolve("mvn-calls.txt")));
        Map<String, String> env = Map.of("PATH", bin + ":" + System.getenv("PATH"), "JAVA_HOME", JDK_HOME.toString());
        Cli.Run first = Cli.run(repo, List.of(repo.resolve("big").toString(), "--version"), env, null);
        assertEquals(0, first.exitCode(), first.toString());
        assertEquals("big: building the command-line jar (first run or sources changed)...\n", first.stderr());
        assertTrue(first.stdout().startsWith("big "), first.stdout());
        assertEquals("-B -q -Dstyle.color=never -DskipTests package -pl big-cli -am\n", Cli.read(repo.resolve("mvn-calls.txt")));

        Cli.Run second = Cli.run(repo.resolve("big-db"), List.of("../big", "--version"), env, null);
        assertEquals(0, second.exitCode(), second.toString());
        assertEquals("", second.stderr(), "the jar is fresh now: no build");
        assertEquals(1, Cli.read(repo.resolve("mvn-calls.txt")).lines().count());
    }

    @Test
    void aJavaHomeThatIsTooOldGivesWayToAnInstalledJdk25() throws IOException {
        Path repo = fakeRepository();
        Files.setLastModifiedTime(repo.resolve("big-cli/target/big-cli.jar"), FileTime.from(Instant.now().plusSeconds(60)));
        Path jvms = Files.createDirectories(repo.resolve("jvm"));
        Files.createSymbolicLink(jvms.resolve("some-jdk-25"), JDK_HOME);
        Path old = oldJdk(repo);
        Cli.Run run = Cli.run(repo, List.of(repo.resolve("big").toString(), "--version"),
                Map.of("JAVA_HOME", old.toString(), "BIG_JVM_DIR", jvms.toString()), null);
        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.stdout().contains("\nJava " + Runtime.version().feature() + "."), run.stdout());
    }

    @Test
    void withoutAJdk25ItSaysWhatToInstall() throws IOException {
        Path repo = fakeRepository();
        Path old = oldJdk(repo);
        Path bin = Files.createDirectories(repo.resolve("tools"));
        for (String tool : List.of("dirname", "readlink", "sed", "head", "find", "mkdir", "tail")) {
            Files.createSymbolicLink(bin.resolve(tool), Cli.which(tool));
        }
        Cli.Run run = Cli.run(repo, List.of(Cli.which("bash").toString(), repo.resolve("big").toString(), "--version"),
                Map.of("PATH", bin.toString(), "JAVA_HOME", old.toString(), "BIG_JVM_DIR", repo.resolve("no-jvms").toString()),
                null);
        assertEquals(1, run.exitCode(), run.toString());
        assertEquals("big: JAVA_HOME (" + old + ") is Java 17, and no JDK 25 or newer is under " + repo.resolve("no-jvms") + ".\n"
                + "big needs a JDK 25 or newer: install e.g. temurin-25-jdk (or set JAVA_HOME)\n", run.stderr());
        assertEquals("", run.stdout());
    }

    /** A copy of the launcher with the real jar and one source file older than it. */
    private static Path fakeRepository() throws IOException {
        Path repo = Cli.newDir("fake-repo");
        Files.copy(LAUNCHER, repo.resolve("big"), StandardCopyOption.COPY_ATTRIBUTES);
        Path jar = Files.createDirectories(repo.resolve("big-cli/target")).resolve("big-cli.jar");
        Files.copy(Cli.JAR, jar);
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(3600)));
        Path source = Files.createDirectories(repo.resolve("big-db/src/main/java")).resolve("Changed.java");
        Files.writeString(source, "class Changed {}\n");
        return repo;
    }

    /** A directory that looks like a JDK 17 home. */
    private static Path oldJdk(Path repo) throws IOException {
        Path old = Files.createDirectories(repo.resolve("jdk-17/bin"));
        executable(old.resolve("java"), "#!/bin/sh\necho 'openjdk version \"17.0.2\"' >&2\n");
        Files.writeString(old.getParent().resolve("release"), "JAVA_VERSION=\"17.0.2\"\n");
        return old.getParent();
    }

    private static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
