package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The distribution archive as a user installs it: {@code big-cli/target/big-VERSION.tar.gz}
 * unpacked with tar under target/, then {@code bin/big} run from another directory, with a JDK 25
 * in JAVA_HOME and no Maven (nor the repository) in reach: it names its version, creates, loads and
 * queries a database, writes and reads Parquet through lib/'s separate jars, and sends the
 * repository's tools back to the repository.
 */
@Tag("child-jvm")
class DistributionIT {

    private static final Path ARCHIVE = Path.of(System.getProperty("big.distribution", "target/big.tar.gz")).toAbsolutePath();
    private static final Path JDK_HOME = Path.of(Cli.JAVA).getParent().getParent();

    @Test
    void theArchiveRunsOutsideTheRepository() throws IOException {
        Matcher name = Pattern.compile("big-(.+)\\.tar\\.gz").matcher(ARCHIVE.getFileName().toString());
        assertTrue(name.matches(), ARCHIVE.toString());
        String version = name.group(1);
        Path install = Cli.newDir("install");
        Cli.Run untar = Cli.run(install, List.of("tar", "-xzf", ARCHIVE.toString()), Map.of(), null);
        assertEquals(0, untar.exitCode(), untar.toString());
        Path home = install.resolve("big-" + version);
        Path launcher = home.resolve("bin/big");
        assertTrue(Files.isExecutable(launcher), launcher + " is executable");
        List<String> jars;
        try (var files = Files.list(home.resolve("lib"))) {
            jars = files.map(p -> p.getFileName().toString()).sorted().toList();
        }
        for (String jar : List.of("big-cli-", "big-db-", "big-engine-", "big-pager-", "big-page-", "big-parquet-", "picocli-",
                "jline-reader-", "fastcsv-", "jsqlparser-", "RoaringBitmap-", "hash4j-")) {
            assertTrue(jars.stream().anyMatch(j -> j.startsWith(jar)), jar + "* in lib/: " + jars);
        }
        assertFalse(jars.stream().anyMatch(j -> j.startsWith("parquet-") || j.startsWith("hadoop-") || j.equals("big-cli.jar")),
                "parquet-java lives merged in big-parquet's jar, and the command's merged jar is not shipped: " + jars);

        // Only what the launcher itself calls is on the PATH (bash for its #!/usr/bin/env line): no mvn, no java.
        Path tools = Files.createDirectories(install.resolve("tools"));
        for (String tool : List.of("bash", "dirname", "readlink", "sed", "head")) {
            Files.createSymbolicLink(tools.resolve(tool), Cli.which(tool));
        }
        // C1 only, as Cli runs the jar: each command here is short.
        Map<String, String> env = Map.of("PATH", tools.toString(), "JAVA_HOME", JDK_HOME.toString(),
                "BIG_JAVA_OPTS", "-XX:TieredStopAtLevel=1");
        Path work = Cli.newDir("installed-work");
        Cli.Run versionRun = Cli.run(work, List.of(launcher.toString(), "--version"), env, null);
        assertEquals(0, versionRun.exitCode(), versionRun.toString());
        assertTrue(versionRun.stdout().startsWith("big " + version + "\nfile format "), versionRun.stdout());
        assertEquals("", versionRun.stderr(), "no build, no warning");

        Cli.write(work.resolve("events.csv"), "type,value,tags\nclick,1,a|b\nview,2,\nclick,3,c\n");
        Cli.Run load = Cli.run(work, List.of(launcher.toString(), "load", "w.big", "events", "events.csv", "--create"), env, null);
        assertEquals(0, load.exitCode(), load.toString());
        Cli.Run query = Cli.run(work, List.of(launcher.toString(), "query", "w.big",
                "SELECT type, count(*) AS n, sum(value) AS total FROM events GROUP BY type ORDER BY type", "--format", "csv"), env, null);
        assertEquals(0, query.exitCode(), query.toString());
        assertEquals("type,n,total\nclick,2,4\nview,1,2\n", query.stdout());

        Cli.Run copy = Cli.run(work, List.of(launcher.toString(), "query", "w.big", "COPY events TO 'events.parquet'", "--format",
                "csv"), env, null);
        assertEquals(0, copy.exitCode(), copy.toString());
        assertEquals("count\n3\n", copy.stdout(), "Parquet through big-parquet's ServiceLoader entry, from lib/");
        Cli.Run back = Cli.run(work, List.of(launcher.toString(), "load", "p.big", "events", "events.parquet", "--create"), env, null);
        assertEquals(0, back.exitCode(), back.toString());
        assertEquals("id,type,value,tags\n0,click,1,a|b\n1,view,2,\n2,click,3,c\n", Cli.run(work, List.of(launcher.toString(),
                "query", "p.big", "SELECT id, type, value, tags FROM events ORDER BY id", "--format", "csv"), env, null).stdout());

        Cli.Run bench = Cli.run(work, List.of(launcher.toString(), "bench"), env, null);
        assertEquals(64, bench.exitCode(), bench.toString());
        assertEquals("big: 'bench' runs from a clone of the repository (./big bench); this installation has the command line"
                + " only.\n", bench.stderr());
    }
}
