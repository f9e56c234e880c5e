package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.coords.Coords;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The ledger of who holds which record ids ({@link RecordIds}), without a database. */
class RecordIdsTest {

    private final RecordIds ids = new RecordIds(table -> 10);

    @Test
    void anIdAnAppendHoldsIsRefusedToOtherWritersButNotToItsOwn() {
        Object ingester = new Object();
        RecordIds.Grants batch = new RecordIds.Grants(ingester);
        assertEquals(10, ids.reserve("t", 3, batch));
        assertThrows(InvalidInputException.class, () -> ids.claim("t", 11, new RecordIds.Grants()));
        ids.claim("t", 11, new RecordIds.Grants(ingester));
        ids.landed(batch);
        ids.claim("t", 11, new RecordIds.Grants()); // a record now: a put replaces it, an insert is refused at commit
    }

    @Test
    void aClaimAtOrPastTheNextIdMovesItAndAGiveBackMovesItBack() {
        RecordIds.Grants put = new RecordIds.Grants();
        ids.claim("t", 40, put);
        assertEquals(41, ids.next("t"));
        ids.giveBack(put);
        assertEquals(10, ids.next("t"), "a rolled-back put leaves appends where they were");
        ids.claim("t", 40, put);
        ids.claim("t", 20, new RecordIds.Grants()); // below the next id: a hole or a record, nothing moves
        assertEquals(41, ids.next("t"));
        ids.giveBack(put);
        assertEquals(21, ids.next("t"), "not back over 20, which another writer may have written");
    }

    @Test
    void idsGoBackOnlyWhenNobodyTookIdsAfterThem() {
        RecordIds.Grants first = new RecordIds.Grants();
        RecordIds.Grants second = new RecordIds.Grants();
        ids.reserve("t", 5, first);
        ids.reserve("t", 5, second);
        ids.giveBack(first);
        assertEquals(20, ids.next("t"), "ids 15.. were taken after the first five");
        ids.claim("t", 12, new RecordIds.Grants()); // given back: free for a write at an id
        ids.giveBack(second);
        assertEquals(15, ids.next("t"));
    }

    /** Found by the ownership battery: a rolled-back put at 100 took the next id back over a record put at 95 meanwhile. */
    @Test
    void aGiveBackNeverTakesTheNextIdBackOverAnIdClaimedMeanwhile() {
        RecordIds.Grants rolledBack = new RecordIds.Grants();
        ids.claim("t", 100, rolledBack);
        ids.claim("t", 95, new RecordIds.Grants()); // below the next id: another writer's put, which lands
        ids.giveBack(rolledBack);
        assertEquals(96, ids.next("t"), "appends must not be given 95");
    }

    @Test
    void theLastIdsOfATableAreAppendedAndThenNoMore() {
        RecordIds top = new RecordIds(table -> Coords.MAX_RECORD_ID - 1);
        assertEquals(Coords.MAX_RECORD_ID - 1, top.reserve("t", 2, new RecordIds.Grants()));
        InvalidInputException full = assertThrows(InvalidInputException.class, () -> top.reserve("t", 1, new RecordIds.Grants()));
        assertTrue(full.getMessage().contains("no record id left"), full.getMessage());
        assertThrows(InvalidInputException.class, () -> top.claim("t", Long.MAX_VALUE, new RecordIds.Grants()));
    }

    /** Random writers reserve, claim, land and give back: no id is ever held by two, or handed to an append twice while held. */
    @Test
    void randomWritersNeverShareAnId() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Map<RecordIds.Grants, Set<Long>> open = new HashMap<>();
        Set<Long> landed = new HashSet<>();
        for (int step = 0; step < 20_000; step++) {
            List<RecordIds.Grants> writers = new ArrayList<>(open.keySet());
            int pick = random.nextInt(10);
            if (pick < 4 || writers.isEmpty()) {
                RecordIds.Grants grants = new RecordIds.Grants();
                int count = 1 + random.nextInt(4);
                long first = ids.reserve("t", count, grants);
                Set<Long> mine = new HashSet<>();
                for (long id = first; id < first + count; id++) {
                    for (Set<Long> other : open.values()) {
                        assertTrue(!other.contains(id), "seed " + seed + ": id " + id + " reserved while another writer holds it");
                    }
                    assertTrue(!landed.contains(id), "seed " + seed + ": id " + id + " reserved again after it landed");
                    mine.add(id);
                }
                open.put(grants, mine);
            } else if (pick < 6) {
                RecordIds.Grants grants = writers.get(random.nextInt(writers.size()));
                ids.landed(grants);
                landed.addAll(open.remove(grants));
            } else if (pick < 8) {
                RecordIds.Grants grants = writers.get(random.nextInt(writers.size()));
                ids.giveBack(grants);
                open.remove(grants);
            } else {
                long id = ids.next("t") - 1 - random.nextInt(8);
                boolean heldByOther = open.values().stream().anyMatch(held -> held.contains(id));
                if (id < 0) {
                    continue;
                }
                if (heldByOther) {
                    assertThrows(InvalidInputException.class, () -> ids.claim("t", id, new RecordIds.Grants()), "seed " + seed);
                } else {
                    ids.claim("t", id, new RecordIds.Grants()); // lands: a record appends must never be given
                    landed.add(id);
                }
            }
        }
    }
}
