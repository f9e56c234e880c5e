package dev.big.reliability;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one run of the multi-process battery did: what this process counted itself (kills,
 * handovers, its own refused write opens and checked reads) and, at the end, the counters every
 * child reported in its log; added to the tally as counters and one summary note.
 */
final class MultiProcessFigures {

    /** The counters children write ({@link ChildLog}), summed over every child of the run. */
    private static final List<String> CHILD_COUNTERS = List.of("reads", "rechecks", "interrupts", "writer-interrupts", "refused",
            "short-handles", "interrupt-failures", "busy", "commits", "updates", "interrupts.millis", "writer-interrupts.millis");

    int files;
    int writerKills;
    int earlyKills;
    int handovers;
    int storeFailures;
    int readerKills;
    long parentRefusals;
    long parentReads;
    long opensBetweenWriters;
    long afterTwoWriters;
    int batchesUnderReaders;
    long chaosMillis;
    /** The first message of each kind of allowed failure (an interrupted call failing clearly). */
    final Set<String> failedKinds = new LinkedHashSet<>();

    void failedKind(String text) {
        if (failedKinds.size() < 40) {
            failedKinds.add(text);
        }
    }

    /** Adds the counters and the notes to {@code tally}, over {@code children} (every child of the run, ended). */
    void report(Tally tally, List<ReportingChild> children, int writers, int readers, long runMillis) {
        Map<String, Long> sums = new HashMap<>();
        for (String name : CHILD_COUNTERS) {
            sums.put(name, children.stream().mapToLong(child -> child.log.count(name)).sum());
        }
        long reads = sums.get("reads") + parentReads;
        tally.add(Counter.READS_CHECKED, reads);
        tally.add(Counter.SNAPSHOTS_RECHECKED, sums.get("rechecks"));
        tally.add(Counter.READER_INTERRUPTS, sums.get("interrupts"));
        tally.add(Counter.WRITER_INTERRUPTS, sums.get("writer-interrupts"));
        tally.add(Counter.READING_INTERRUPTER_MILLIS, sums.get("interrupts.millis"));
        tally.add(Counter.WRITING_INTERRUPTER_MILLIS, sums.get("writer-interrupts.millis"));
        tally.add(Counter.WRITE_OPENS_REFUSED, sums.get("refused") + parentRefusals);
        tally.add(Counter.WRITER_KILLS, writerKills);
        tally.add(Counter.READER_KILLS, readerKills);
        tally.note(String.format("multiprocess: %.0f s, %d file(s), %d writer processes (%d killed, %d of them early; %d handovers;"
                + " %d closed a store an interrupt failed), %d reader processes (%d killed); %,d batches and %,d updates"
                + " committed (%,d batches of the last file under readers, %.1f/s); %,d reads checked, %,d snapshots asked again"
                + " after newer commits; interrupts: %,d reading threads in %.0f s of interrupter time, %,d writing thread in %.0f s;"
                + " %,d interrupted calls failed clearly, %,d reads refused as busy; %,d short-lived handles; write opens: %,d"
                + " refused in children, %,d here, %,d succeeded between writers", runMillis / 1000.0, files, writers, writerKills, earlyKills, handovers,
                storeFailures, readers, readerKills, sums.get("commits"), sums.get("updates"), batchesUnderReaders,
                batchesUnderReaders * 1000.0 / Math.max(1, chaosMillis), reads, sums.get("rechecks"), sums.get("interrupts"),
                sums.get("interrupts.millis") / 1000.0, sums.get("writer-interrupts"), sums.get("writer-interrupts.millis") / 1000.0,
                sums.get("interrupt-failures"), sums.get("busy"), sums.get("short-handles"),
                sums.get("refused"), parentRefusals, opensBetweenWriters));
        if (afterTwoWriters > 0) {
            tally.note("multiprocess: " + afterTwoWriters + " broken promises children reported after a second writer was admitted,"
                    + " not counted again");
        }
        if (!failedKinds.isEmpty()) {
            tally.note("multiprocess: interrupted calls that failed clearly (allowed), first of each kind: "
                    + String.join("; ", failedKinds));
        }
    }
}
