package dev.big.db.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatementTemplateTest {

    @Test
    void literalsBecomeNamedParametersInTextOrder() {
        StatementTemplate template = StatementTemplate.of("SELECT * FROM events WHERE id < 123456 AND type IN ('it''s', 'b')"
                + " AND value IN (-5, 9223372036854775808) ORDER BY id DESC LIMIT 50");
        assertEquals("SELECT * FROM events WHERE id < :i0 AND type IN ( :s1 , :s2 ) AND value IN ( - :i3 , :i4 )"
                + " ORDER BY id DESC LIMIT :i5", template.text());
        assertEquals(List.of(BigInteger.valueOf(123456), "it's", "b", BigInteger.valueOf(5),
                new BigInteger("9223372036854775808"), BigInteger.valueOf(50)), template.values());
    }

    @Test
    void timestampLiteralsLoseTheirKeywordAndCastsKeepTheirs() {
        StatementTemplate template = StatementTemplate.of("select count(*) from t1 -- the 2nd table\n"
                + "where ts between timestamp '2024-01-01' and '2024-01-02'::TIMESTAMP and v > 1.5");
        assertEquals("select count ( * ) from t1 where ts between :t0 and :s1 :: TIMESTAMP and v > 1.5", template.text());
        assertEquals(List.of("2024-01-01", "2024-01-02"), template.values());
    }

    @Test
    void statementsWithTheirOwnParametersHaveNoTemplate() {
        assertNull(StatementTemplate.of("SELECT count(*) FROM t WHERE v = ?"));
        assertNull(StatementTemplate.of("SELECT count(*) FROM t WHERE v = $1"));
        assertNull(StatementTemplate.of("SELECT count(*) FROM t WHERE v = :i0"));
        assertNull(StatementTemplate.of("SELECT count(*) FROM t WHERE k = 'unterminated"));
        assertNull(StatementTemplate.of("   "));
    }
}
