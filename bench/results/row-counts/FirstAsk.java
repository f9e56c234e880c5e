// Run: javac -cp bench/target/benchmarks.jar FirstAsk.java && java -cp .:bench/target/benchmarks.jar FirstAsk SOURCE.big COPY.big keep|migrate
import dev.big.db.*;
import java.nio.file.*;
import java.util.*;

/** The first group count, one-type count and verified = false count after each 1-record commit, on a copy of a 10M file, kept in its format or migrated. */
public class FirstAsk {
    public static void main(String[] args) throws Exception {
        Path source = Path.of(args[0]);
        Path copy = Path.of(args[1]);
        boolean migrate = args[2].equals("migrate");
        Files.deleteIfExists(copy);
        Files.copy(source, copy);
        if (migrate) {
            long s = System.nanoTime();
            System.out.println(Db.migrate(copy) + " in " + (System.nanoTime() - s) / 1_000_000 + " ms");
        }
        try (Db db = Db.open(copy)) {
            System.out.println("format " + db.formatVersion());
            long[] group = new long[3000], one = new long[3000], all = new long[3000];
            long sink = 0;
            for (int i = 0; i < 3000; i++) {
                db.update("events", (i * 7919L) % 9_000_000, "verified", i % 2 == 0);
                try (Snapshot s = db.read()) {
                    long t0 = System.nanoTime();
                    sink += s.groupCount("events", "type", Filter.all(), -1).size();
                    long t1 = System.nanoTime();
                    sink += s.count("events", Filter.eq("type", "type03"));
                    long t2 = System.nanoTime();
                    sink += s.count("events", Filter.eq("verified", false));
                    long t3 = System.nanoTime();
                    group[i] = t1 - t0; one[i] = t2 - t1; all[i] = t3 - t2;
                }
            }
            System.out.printf("first ask after a commit, median of commits 101 to 3,000 (us): group by type %.1f, type = type03 %.1f, verified = false %.1f (%d)%n",
                    median(group) / 1e3, median(one) / 1e3, median(all) / 1e3, sink);
        }
    }

    static double median(long[] a) {
        long[] b = Arrays.copyOfRange(a, 100, a.length);
        Arrays.sort(b);
        return b[b.length / 2];
    }
}
