package dev.big.reliability;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What concurrent writers were told about their writes, for {@link WriterOwnershipBattery}: every
 * record a write created carries a tag no other write uses, so what the file holds can be matched
 * record by record with what was acknowledged, whatever order the commits landed in.
 *
 * <ul>
 *   <li>acknowledged: the write returned (a commit, a closed ingester or bulk load). The record must
 *       be in the file at its id, with its last acknowledged version, until its writer deletes it.
 *   <li>maybe: the outcome is unknown (a statement aborted while it ran). The record may be there,
 *       whole, or not at all.
 *   <li>anything else the file holds (a refused or rolled-back write, or a write nobody made) is
 *       wrong.
 * </ul>
 *
 * Only the writer that created a record changes it, so its version is known without knowing when
 * other writers committed. Two acknowledged writes given one id is lost data (one replaced the
 * other), caught the moment the second is acknowledged.
 */
final class OwnershipModel {

    /** A record as acknowledged: where it is, who wrote it, its tag and the version last written. */
    record Expected(long id, String writer, long tag, long version) {}

    private final Map<Long, Expected> byTag = new ConcurrentHashMap<>();
    private final Map<Long, Long> tagById = new ConcurrentHashMap<>();
    private final Map<Long, Expected> maybe = new ConcurrentHashMap<>();

    /**
     * Records an acknowledged creation; returns the tag of another acknowledged record at the same
     * id (a write replaced another), or -1.
     */
    long created(Expected record) {
        Long other = tagById.putIfAbsent(record.id(), record.tag());
        byTag.put(record.tag(), record);
        return other == null ? -1 : other;
    }

    /** The record of {@code tag} was written again (a put or an update) at {@code version}. */
    void changed(long tag, long version) {
        byTag.computeIfPresent(tag, (t, e) -> new Expected(e.id(), e.writer(), t, version));
    }

    /** The record of {@code tag} was deleted by its writer. */
    void deleted(long tag) {
        Expected gone = byTag.remove(tag);
        if (gone != null) {
            tagById.remove(gone.id(), tag);
        }
    }

    /** A write whose outcome is unknown: the record may be in the file, or not. */
    void maybe(Expected record) {
        maybe.put(record.tag(), record);
    }

    int acknowledged() {
        return byTag.size();
    }

    /** A record as a scan of the file found it. */
    record Found(long id, String writer, long tag, long twice, long version) {}

    /** What a comparison of the file with the model found: records lost, and records wrong, described. */
    record Comparison(List<String> lost, List<String> wrong, long matched) {}

    /** Compares {@code found} (every record of the file) with what was acknowledged. */
    Comparison compare(List<Found> found) {
        List<String> lost = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        Map<Long, Found> seen = new HashMap<>();
        long matched = 0;
        for (Found record : found) {
            if (record.twice() != 2 * record.tag()) {
                wrong.add("record " + record.id() + " is torn: tag " + record.tag() + ", twice " + record.twice());
                continue;
            }
            Found earlier = seen.put(record.tag(), record);
            if (earlier != null) {
                wrong.add("tag " + record.tag() + " is in records " + earlier.id() + " and " + record.id());
            }
            Expected expected = byTag.get(record.tag());
            if (expected == null) {
                expected = maybe.get(record.tag());
                if (expected == null) {
                    wrong.add("record " + record.id() + " (writer " + record.writer() + ", tag " + record.tag() + ") is in"
                            + " the file, but its write was refused, rolled back or never made");
                    continue;
                }
            }
            if (expected.id() != record.id() || !expected.writer().equals(record.writer())
                    || expected.version() != record.version()) {
                wrong.add("record " + record.id() + " holds " + record + ", expected " + expected);
            } else {
                matched++;
            }
        }
        for (Expected expected : byTag.values()) {
            if (!seen.containsKey(expected.tag())) {
                Long other = tagById.get(expected.id());
                lost.add("acknowledged record " + expected + " is not in the file" + (other != null && other != expected.tag()
                        ? " (the acknowledged record of tag " + other + " holds its id)" : ""));
            }
        }
        return new Comparison(lost, wrong, matched);
    }
}
