package dev.big.db;

import dev.big.engine.coords.Coords;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToLongFunction;

/**
 * Who each record id belongs to, per table, so that an id is given to exactly one writer: the id
 * appends take next, and the ids appends have taken and not yet committed ("held").
 *
 * <ul>
 *   <li>An append ({@code append}, ingest, a bulk load's record without an id, an INSERT without
 *       an id) {@linkplain #reserve reserves} ids at the next id; they are held until its commit
 *       lands them ({@link #landed}) or it gives them back ({@link #giveBack}).
 *   <li>A write at an id the caller gives ({@code put}, an INSERT with an id, a bulk load's id)
 *       {@linkplain #claim claims} it first: refused if an append holds it; an id at or past the
 *       next id moves the next id past it, so no append is ever given it.
 * </ul>
 *
 * Every id an append is given is at or past the next id when it is given, and every id a write
 * claims is either below it and not held, or moves it: so no two writers get one id, whatever
 * order their commits land in, and no lock is needed to take an id (an ingest buffers records long
 * before it commits them). Commits still check (an insert never replaces a record), so a bug here
 * would be refused, never written over.
 *
 * <p>The next id starts at the catalog's next record id of the table and only moves forward,
 * except that ids given back go back to appends when nobody took ids after them, and no write
 * claimed an id among them: so the ids appends get follow from the history of commits alone,
 * never from whether the file was reopened.
 * The largest id is {@link Coords#MAX_RECORD_ID}, one below the largest long, so the next id always
 * fits.
 */
final class RecordIds {

    private final Map<String, TableIds> tables = new ConcurrentHashMap<>();
    /** The catalog's next record id of a table, where its next id starts. */
    private final ToLongFunction<String> stored;

    RecordIds(ToLongFunction<String> stored) {
        this.stored = stored;
    }

    /**
     * Reserves {@code count} consecutive ids of {@code table} for appends and records them in
     * {@code grants}; returns the first. Refused when the table has fewer ids left.
     */
    long reserve(String table, long count, Grants grants) {
        TableIds ids = of(table);
        long first = ids.reserve(table, count, grants.owner);
        grants.add(ids, first, first + count, true);
        return first;
    }

    /**
     * Claims {@code id} of {@code table} for a write at a given id, recording a move of the next id
     * in {@code grants}. Refuses an id outside 0 .. {@link Coords#MAX_RECORD_ID} and one an append
     * of another writer holds (a writer may write again at an id it appended at).
     */
    void claim(String table, long id, Grants grants) {
        checkId(id);
        TableIds ids = of(table);
        long before = ids.claim(table, id, grants.owner);
        if (before >= 0) {
            grants.add(ids, before, id + 1, false);
        }
    }

    /** The ids of {@code grants} are in the records of a commit (its first step is done): no longer held. */
    void landed(Grants grants) {
        for (Grants.Grant grant : grants.list) {
            if (grant.held) {
                grant.ids.unhold(grant.from, grant.to);
            }
        }
        grants.list.clear();
    }

    /**
     * The writer of {@code grants} wrote none of them (rolled back, aborted, refused): the ids are
     * no longer held, and the next id goes back over them where nobody took ids after them.
     */
    void giveBack(Grants grants) {
        for (int i = grants.list.size() - 1; i >= 0; i--) {
            Grants.Grant grant = grants.list.get(i);
            grant.ids.giveBack(grant.from, grant.to, grant.held);
        }
        grants.list.clear();
    }

    /** Forgets a dropped table. */
    void forget(String table) {
        tables.remove(table);
    }

    /** The next id appends to {@code table} would get. */
    long next(String table) {
        return of(table).next();
    }

    /** Refuses an id that is no record id, as {@link InvalidInputException}. */
    static void checkId(long id) {
        if (id < 0 || id > Coords.MAX_RECORD_ID) {
            throw new InvalidInputException(Coords.recordIdProblem(id));
        }
    }

    private TableIds of(String table) {
        return tables.computeIfAbsent(table, t -> new TableIds(stored.applyAsLong(t)));
    }

    /**
     * What one writer (an append, a transaction, an ingest batch, a bulk load's chunk) was given:
     * ids reserved and moves of the next id, in order, to hand back once its commit landed or it
     * gave up. One thread at a time. Grants of one {@code owner} (an ingester's batches, the
     * changes of one transaction) may write at each other's ids.
     */
    static final class Grants {

        private final Object owner;

        /** Grants of a writer of its own. */
        Grants() {
            this.owner = this;
        }

        /** Grants of {@code owner}, which may write at the ids its other grants hold. */
        Grants(Object owner) {
            this.owner = owner;
        }

        /** Ids {@code from} to {@code to} (exclusive) of one table's ledger (the one that granted them, even if its table was dropped since). */
        private static final class Grant {
            final TableIds ids;
            final long from;
            long to;
            final boolean held;

            Grant(TableIds ids, long from, long to, boolean held) {
                this.ids = ids;
                this.from = from;
                this.to = to;
                this.held = held;
            }
        }

        private final List<Grant> list = new ArrayList<>(2);

        private void add(TableIds ids, long from, long to, boolean held) {
            if (!list.isEmpty()) {
                Grant last = list.getLast();
                if (last.held == held && last.to == from && last.ids == ids) {
                    last.to = to; // consecutive ids, as an ingester's appends take them
                    return;
                }
            }
            list.add(new Grant(ids, from, to, held));
        }

        boolean isEmpty() {
            return list.isEmpty();
        }

        /** Moves everything granted here to {@code into} (a batch handing its ids to the commit that lands them). */
        void moveTo(Grants into) {
            for (Grant grant : list) {
                into.add(grant.ids, grant.from, grant.to, grant.held);
            }
            list.clear();
        }
    }

    /** One table's next id and held ranges, guarded by its monitor. */
    private static final class TableIds {

        /**
         * A range of held ids, up to {@code end} (exclusive), and the owner of the grants holding it.
         * The newest range grows in place while its owner appends on: a bulk load reserves its ids
         * one record at a time, and putting a new range into the map for each was 6% of a CSV
         * load's parsing thread (a profile of 10,000,000 rows).
         */
        private static final class Held {
            long end;
            final Object owner;

            Held(long end, Object owner) {
                this.end = end;
                this.owner = owner;
            }
        }

        private long next;
        /**
         * The lowest id a give-back may take the next id back to: past every id claimed below the
         * next id (a hole another writer may be filling), which appends must never be given.
         */
        private long floor;
        /** Held ranges by their first id: disjoint and ordered. */
        private final TreeMap<Long, Held> held = new TreeMap<>();

        TableIds(long next) {
            this.next = next;
        }

        synchronized long next() {
            return next;
        }

        synchronized long reserve(String table, long count, Object owner) {
            if (count < 1 || next > Coords.MAX_RECORD_ID + 1 - count) {
                throw new InvalidInputException("table '" + table + "' has no record id left to append " + count
                        + " record" + (count == 1 ? "" : "s") + " at: its next id is " + next + " and the largest is "
                        + Coords.MAX_RECORD_ID + ". Write records at ids below that you give, or into a new table.");
            }
            long first = next;
            Map.Entry<Long, Held> last = held.lastEntry();
            if (last != null && last.getValue().end == first && last.getValue().owner == owner) {
                last.getValue().end = first + count;
            } else {
                held.put(first, new Held(first + count, owner));
            }
            next = first + count;
            return first;
        }

        /** Claims {@code id}; returns the next id before, if the claim moved it, or -1. */
        synchronized long claim(String table, long id, Object owner) {
            Map.Entry<Long, Held> range = held.floorEntry(id);
            if (range != null && id < range.getValue().end && range.getValue().owner != owner) {
                throw new InvalidInputException("record id " + id + " of table '" + table + "' is taken by an append"
                        + " that has not committed yet (an ingest, a bulk load or a transaction of this database);"
                        + " ids are unique: write this record without an id, or at an id of " + next + " or more");
            }
            if (id < next) {
                floor = Math.max(floor, id + 1);
                return -1;
            }
            long before = next;
            next = id + 1;
            return before;
        }

        synchronized void unhold(long from, long to) {
            Map.Entry<Long, Held> range = held.floorEntry(from);
            if (range == null || range.getValue().end < to) {
                throw new IllegalStateException("ids " + from + ".." + (to - 1) + " are not held");
            }
            long start = range.getKey();
            Held whole = range.getValue();
            held.remove(start);
            if (start < from) {
                held.put(start, new Held(from, whole.owner));
            }
            if (to < whole.end) {
                held.put(to, new Held(whole.end, whole.owner));
            }
        }

        synchronized void giveBack(long from, long to, boolean wasHeld) {
            if (wasHeld) {
                unhold(from, to);
            }
            if (next == to) {
                next = Math.max(from, floor);
            }
        }
    }
}
