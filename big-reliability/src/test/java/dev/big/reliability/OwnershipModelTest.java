package dev.big.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.Row;
import dev.big.reliability.OwnershipModel.Comparison;
import dev.big.reliability.OwnershipModel.Expected;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What {@link OwnershipModel} calls two acknowledged records at one id. A delete frees its id the
 * moment its commit lands, before its writer returns and tells the model; another writer's INSERT
 * at that id may be acknowledged in between. The battery once called that "an id given to two
 * writers" ("w3 was acknowledged a new record at id 1092 (tag 636), where the acknowledged record
 * of tag 616 is", seed 23173271654663, with every acknowledged record in the file as last written):
 * the record of tag 616 had been deleted by its writer, whose thread had not yet said so.
 */
class OwnershipModelTest {

    @Test
    void aRecordCreatedAtTheIdOfOneWhoseDeleteJustLandedIsNoFinding() {
        Path dir = WorkDirs.newDir("ownership-model");
        try (Db db = Db.create(dir.resolve("owned.big"), List.of(WriterOwnershipBattery.EVENTS))) {
            OwnershipModel model = new OwnershipModel();
            long id = db.append("events", record("w1", 616));
            assertEquals(-1, model.created(new Expected(id, "w1", 616, 0)));

            // w1 deletes its record; its commit lands, and before w1's thread tells the model, w3
            // INSERTs at the id (the battery aims INSERTs at the newest ids) and is acknowledged.
            model.deleting(616);
            assertTrue(db.delete("events", id));
            db.sql("INSERT INTO events (id, writer, tag, twice, version) VALUES (?, 'w3', 636, 1272, 0)", id);
            assertEquals(-1, model.created(new Expected(id, "w3", 636, 0)),
                    "the record of tag 616 was being deleted, and its delete had landed: its id was free");
            model.deleted(616);

            Comparison comparison = model.compare(WriterOwnershipBattery.scan(db));
            assertEquals(List.of(), comparison.lost());
            assertEquals(List.of(), comparison.wrong());
            assertEquals(1, comparison.matched());
        } finally {
            WorkDirs.delete(dir);
        }
    }

    @Test
    void aRecordCreatedOverOneWhoseDeleteDidNotCommitIsAFinding() {
        OwnershipModel model = new OwnershipModel();
        model.created(new Expected(7, "w1", 1, 0));
        model.deleting(1);
        assertEquals(-1, model.created(new Expected(7, "w2", 2, 0)));
        assertEquals(2, model.kept(1), "the record of tag 1 stays at id 7, where the record of tag 2 was acknowledged");

        Comparison comparison = model.compare(List.of(new OwnershipModel.Found(7, "w1", 1, 2, 0)));
        assertEquals(1, comparison.lost().size(), comparison.lost().toString());
        assertTrue(comparison.lost().getFirst().contains("tag=2"), comparison.lost().getFirst());
    }

    @Test
    void aRecordCreatedOverOneNobodyIsDeletingIsAFinding() {
        OwnershipModel model = new OwnershipModel();
        model.created(new Expected(7, "w1", 1, 0));
        assertEquals(1, model.created(new Expected(7, "w2", 2, 0)));
    }

    @Test
    void aDeleteThatDidNotCommitLeavesItsRecordExpected() {
        OwnershipModel model = new OwnershipModel();
        model.created(new Expected(7, "w1", 1, 0));
        model.deleting(1);
        assertEquals(-1, model.kept(1));
        assertEquals(1, model.created(new Expected(7, "w2", 2, 0)), "the record of tag 1 holds id 7 again");
    }

    private static Row record(String writer, long tag) {
        return Row.of("writer", writer, "tag", tag, "twice", 2 * tag, "version", 0L);
    }
}
