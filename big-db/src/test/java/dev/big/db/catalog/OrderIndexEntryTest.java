package dev.big.db.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.FieldDef;
import dev.big.page.BigException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Catalog version 4: a field entry names the field's order index. Only entries of fields with an
 * index are written as version 4; every other entry keeps the oldest version that holds it, and
 * entries of versions 1 to 3 still decode, without an index.
 */
class OrderIndexEntryTest {

    @Test
    void anEntryWithAnOrderIndexRoundTripsAsVersion4() {
        for (FieldDef def : List.of(FieldDef.intField("v").withOrderIndex(), FieldDef.intField("b", -5L, 1000L).withOrderIndex(),
                FieldDef.timestamp("at").withOrderIndex(), FieldDef.decimal("price", 2).withOrderIndex())) {
            FieldInfo field = new FieldInfo(7, 3, def, FieldInfo.baseFor(def), 0, 0, "events_" + def.name() + "_order");
            byte[] bytes = CatalogCodec.encodeField(field);
            assertEquals(4, bytes[0], def + ": an entry with an order index is version 4");
            assertEquals(field, CatalogCodec.decodeField(7, bytes));
        }
    }

    @Test
    void entriesWithoutAnIndexKeepTheirOldestVersionAndDecodeWithout() {
        record Case(FieldInfo field, int version) {}
        List<Case> cases = List.of(
                new Case(FieldInfo.created(4, 1, FieldDef.intField("n"), null), 1),
                new Case(FieldInfo.created(5, 1, FieldDef.keyed("kind"), null), 1),
                new Case(FieldInfo.created(6, 1, FieldDef.set("tags"), null), 2),
                new Case(FieldInfo.created(7, 1, FieldDef.decimal("price", 3), null), 3));
        for (Case c : cases) {
            byte[] bytes = CatalogCodec.encodeField(c.field());
            assertEquals(c.version(), bytes[0], c.field().def() + " is written in the oldest version that holds it");
            FieldInfo decoded = CatalogCodec.decodeField(c.field().fieldId(), bytes);
            assertEquals(c.field(), decoded);
            assertNull(decoded.orderIndexName());
        }
    }

    @Test
    void aVersion3EntryWrittenByTheBuildBeforeDecodes() {
        // The bytes catalog 3 wrote for a decimal field "price" (scale 2), field 9 of table 2:
        // Version TableId Type Flags Min Max Base NextDictId NextSetId Scale Name.
        java.nio.ByteBuffer out = java.nio.ByteBuffer.allocate(64).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        out.put((byte) 3).putInt(2).put((byte) dev.big.db.field.FieldKinds.code(dev.big.db.FieldType.DECIMAL)).put((byte) 0)
                .putLong(0).putLong(0).putLong(0).putLong(0).putLong(0).put((byte) 2).put((byte) 5).put("price".getBytes());
        byte[] bytes = java.util.Arrays.copyOf(out.array(), out.position());
        FieldInfo decoded = CatalogCodec.decodeField(9, bytes);
        assertEquals(FieldDef.decimal("price", 2), decoded.def());
        assertNull(decoded.orderIndexName());
    }

    @Test
    void anUnknownIndexKindIsRefusedAsComingFromANewerBig() {
        FieldInfo field = new FieldInfo(7, 3, FieldDef.intField("v").withOrderIndex(), 0, 0, 0, "v_order");
        byte[] bytes = CatalogCodec.encodeField(field);
        int kindAt = 1 + 4 + 1 + 1 + 8 * 5 + 1; // after Scale
        assertEquals(1, bytes[kindAt], "the index kind of an order index");
        bytes[kindAt] = 2;
        BigException refused = assertThrows(BigException.class, () -> CatalogCodec.decodeField(7, bytes));
        assertTrue(refused.getMessage().contains("unknown index kind 2"), refused.getMessage());
    }

    @Test
    void anIndexNameAndTheFieldsFlagGoTogether() {
        assertThrows(IllegalArgumentException.class, () -> new FieldInfo(7, 3, FieldDef.intField("v"), 0, 0, 0, "v_order"));
        assertThrows(IllegalArgumentException.class, () -> new FieldInfo(7, 3, FieldDef.intField("v").withOrderIndex(), 0, 0, 0));
    }
}
