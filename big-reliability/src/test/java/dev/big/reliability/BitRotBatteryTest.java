package dev.big.reliability;

import dev.big.reliability.BitRotBattery.Check;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Bit rot is detected, never answered: {@link BitRotBattery} at the fast scale damages pages of
 * every role of a populated file ({@code Scale.FAST.rotTrials()} trials: bits flipped or a page
 * zeroed, now and then several pages or both meta pages). The promises, one test each: the fixture
 * has a page of every role; both meta pages damaged is refused clearly; a query touching damage
 * fails naming it, one not touching it answers right; a damaged newest meta page opens the commit
 * before; {@code check()} lists every reachable damaged page, is clean when none is reachable, and
 * notes a damaged meta slot; {@code big check} lists the damage and exits 79. The battery runs
 * once, before the tests; a test fails if its check broke, or was never made.
 */
@Tag("battery")
class BitRotBatteryTest {

    private static BatteryRun run;

    @BeforeAll
    static void runTheBattery() throws Exception {
        run = BatteryRun.fast(new BitRotBattery());
    }

    @Test
    void theFixtureHasEveryPageRole() {
        run.assertHeld(Check.THE_FIXTURE_HAS_EVERY_PAGE_ROLE);
    }

    @Test
    void bothMetaPagesDamagedIsRefusedClearly() {
        run.assertHeld(Check.BOTH_META_PAGES_DAMAGED_IS_REFUSED_CLEARLY);
    }

    @Test
    void aQueryTouchingDamageFailsNamingIt() {
        run.assertHeld(Check.A_QUERY_TOUCHING_DAMAGE_FAILS_NAMING_IT);
    }

    @Test
    void aQueryNotTouchingDamageAnswersRight() {
        run.assertHeld(Check.A_QUERY_NOT_TOUCHING_DAMAGE_ANSWERS_RIGHT);
    }

    @Test
    void aDamagedNewestMetaPageOpensThePreviousCommit() {
        run.assertHeld(Check.A_DAMAGED_NEWEST_META_PAGE_OPENS_THE_PREVIOUS_COMMIT);
    }

    @Test
    void checkListsEveryReachableDamagedPage() {
        run.assertHeld(Check.CHECK_LISTS_EVERY_REACHABLE_DAMAGED_PAGE);
    }

    @Test
    void checkIsCleanWhenNoReachablePageIsDamaged() {
        run.assertHeld(Check.CHECK_IS_CLEAN_WHEN_NO_REACHABLE_PAGE_IS_DAMAGED);
    }

    @Test
    void checkNotesADamagedMetaSlot() {
        run.assertHeld(Check.CHECK_NOTES_A_DAMAGED_META_SLOT);
    }

    @Test
    void bigCheckListsTheDamageAndExits79() {
        run.assertHeld(Check.BIG_CHECK_LISTS_THE_DAMAGE_AND_EXITS_79);
    }

    @Test
    void itDamagedAsManyPagesAsItsScaleSays() {
        run.assertAtLeast(Scale.FAST.rotTrials(), Counter.PAGES_CORRUPTED);
        run.assertAtLeast(Scale.FAST.rotTrials() / 2, Counter.PAGES_DETECTED);
    }

    @Test
    void nothingElseBroke() {
        run.assertNothingBroke();
    }
}
