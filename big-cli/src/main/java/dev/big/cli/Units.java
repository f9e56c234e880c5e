package dev.big.cli;

import java.util.Locale;

/** Numbers for people: counts with thousands separators, sizes in KiB/MiB/GiB, times in s/ms/µs. */
final class Units {

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double value = n;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, value < 10 ? "%.2f %s" : value < 100 ? "%.1f %s" : "%.0f %s", value, units[unit]);
    }

    static String nanos(long nanos) {
        if (nanos >= 10_000_000_000L) {
            return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
        }
        if (nanos >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
        }
        if (nanos >= 1_000_000L) {
            return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
        }
        return String.format(Locale.ROOT, "%.0f µs", nanos / 1e3);
    }

    /** {@code n} per second over {@code nanos}, as a count. */
    static String rate(long n, long nanos) {
        return count(nanos <= 0 ? 0 : Math.round(n / (nanos / 1e9)));
    }

    private Units() {}
}
