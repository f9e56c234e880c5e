package dev.big.reliability;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 *
 * <p>A delete frees its id for other writers the moment its commit lands, which is before its
 * writer returns from the commit and tells the model: another writer may meanwhile INSERT at that
 * id and be acknowledged first. So a writer says it is {@linkplain #deleting deleting} a record
 * before the delete can commit, and then that it was {@linkplain #deleted deleted} or
 * {@linkplain #kept kept}; a record created over one being deleted is a finding only if the delete
 * turns out not to have committed.
 */
final class OwnershipModel {

    /** A record as acknowledged: where it is, who wrote it, its tag and the version last written. */
    record Expected(long id, String writer, long tag, long version) {}

    private final Map<Long, Expected> byTag = new HashMap<>();
    private final Map<Long, Long> tagById = new HashMap<>();
    private final Map<Long, Expected> maybe = new HashMap<>();
    /** Tags of records whose writer is deleting them: a commit may have freed their ids already. */
    private final Set<Long> deleting = new HashSet<>();
    /** For a tag being deleted, the tag of the record acknowledged at its id meanwhile. */
    private final Map<Long, Long> createdOverDeleting = new HashMap<>();

    /**
     * Records an acknowledged creation; returns the tag of another acknowledged record at the same
     * id (a write replaced another), or -1. A record whose delete is under way holds its id no
     * longer: creating over it is no finding, unless its delete is then {@linkplain #kept kept}.
     */
    synchronized long created(Expected record) {
        byTag.put(record.tag(), record);
        Long other = tagById.putIfAbsent(record.id(), record.tag());
        if (other == null) {
            return -1;
        }
        if (deleting.contains(other) && !createdOverDeleting.containsKey(other)) {
            createdOverDeleting.put(other, record.tag());
            tagById.put(record.id(), record.tag());
            return -1;
        }
        return other;
    }

    /** The record of {@code tag} was written again (a put or an update) at {@code version}. */
    synchronized void changed(long tag, long version) {
        byTag.computeIfPresent(tag, (t, e) -> new Expected(e.id(), e.writer(), t, version));
    }

    /**
     * The writer of the record of {@code tag} is about to commit its delete: from the moment the
     * commit lands, other writers may create a record at its id. Followed by {@link #deleted} or
     * {@link #kept}.
     */
    synchronized void deleting(long tag) {
        deleting.add(tag);
    }

    /** The record of {@code tag} was deleted by its writer. */
    synchronized void deleted(long tag) {
        deleting.remove(tag);
        createdOverDeleting.remove(tag);
        Expected gone = byTag.remove(tag);
        if (gone != null) {
            tagById.remove(gone.id(), tag);
        }
    }

    /**
     * The delete of the record of {@code tag} did not commit: the record stays. Returns the tag
     * of a record acknowledged at its id while the delete was under way (two acknowledged records
     * then hold one id), or -1.
     */
    synchronized long kept(long tag) {
        deleting.remove(tag);
        Long over = createdOverDeleting.remove(tag);
        if (over == null) {
            return -1;
        }
        tagById.put(byTag.get(tag).id(), tag);
        return over;
    }

    /** A write whose outcome is unknown: the record may be in the file, or not. */
    synchronized void maybe(Expected record) {
        maybe.put(record.tag(), record);
    }

    synchronized int acknowledged() {
        return byTag.size();
    }

    /** A record as a scan of the file found it. */
    record Found(long id, String writer, long tag, long twice, long version) {}

    /** What a comparison of the file with the model found: records lost, and records wrong, described. */
    record Comparison(List<String> lost, List<String> wrong, long matched) {}

    /** Compares {@code found} (every record of the file) with what was acknowledged. */
    synchronized Comparison compare(List<Found> found) {
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
