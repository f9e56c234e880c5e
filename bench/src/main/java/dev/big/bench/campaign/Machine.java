package dev.big.bench.campaign;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What the report says about the machine: processor, cores, memory, JDK, and how busy it was. */
record Machine(String cpu, int cores, long memoryBytes, String java, String os) {

    static Machine current() {
        return new Machine(cpuModel(), Runtime.getRuntime().availableProcessors(), totalMemoryBytes(),
                Runtime.version().toString() + " (" + System.getProperty("java.vm.name") + ")",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
    }

    /** The one-minute load average (processes running or waiting for a core), or -1 where there is none. */
    static double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    static String describeLoad(double load) {
        return load < 0 ? "unknown" : String.format(Locale.ROOT, "%.2f", load);
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through
        }
        return System.getProperty("os.arch");
    }

    private static long totalMemoryBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through
        }
        return Runtime.getRuntime().maxMemory();
    }
}
