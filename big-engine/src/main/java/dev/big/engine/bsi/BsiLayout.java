package dev.big.engine.bsi;

import dev.big.page.BigException;

/**
 * How an integer field is stored as bit planes in its fragments (view {@code VIEW_BSI}).
 *
 * <pre>
 * row 0          exists: the record has a value
 * row 1          sign: the stored value is negative
 * row 2 + i      bit i of the stored value's magnitude, i = 0 .. 62
 * stored value   = value - base            (base is fixed per field when it is created)
 * magnitude      = |stored value|          sign-magnitude, so 0 is never negative
 * </pre>
 *
 * <p>Bounds: {@code value - base} must be representable and not {@code Long.MIN_VALUE}, i.e.
 * {@code |value - base| <= 2^63 - 1}. With base 0 every long except {@code Long.MIN_VALUE} is
 * storable. The bit depth of a fragment is the number of magnitude planes it holds data in; it
 * grows when a larger magnitude is written and existing planes are never rewritten for it.
 */
public final class BsiLayout {

    public static final long EXISTS_ROW = 0;
    public static final long SIGN_ROW = 1;
    public static final int FIRST_PLANE_ROW = 2;
    public static final int MAX_PLANES = 63;

    /** The row of magnitude plane {@code bit}. */
    public static long planeRow(int bit) {
        return FIRST_PLANE_ROW + bit;
    }

    /** The stored value of {@code value} under {@code base}, or a clear error naming the bounds. */
    public static long toStored(long value, long base, String field) {
        long stored = value - base;
        boolean overflow = ((value ^ base) & (value ^ stored)) < 0;
        if (overflow || stored == Long.MIN_VALUE) {
            throw new BigException("value " + value + " is out of range for field '" + field + "': with base " + base
                    + " it must lie in " + minValue(base) + ".." + maxValue(base));
        }
        return stored;
    }

    /** The smallest value storable under {@code base}. */
    public static long minValue(long base) {
        return base >= 0 ? base - Long.MAX_VALUE : Long.MIN_VALUE;
    }

    /** The largest value storable under {@code base}. */
    public static long maxValue(long base) {
        return base <= 0 ? base + Long.MAX_VALUE : Long.MAX_VALUE;
    }

    /** Number of magnitude planes needed for {@code magnitude}. */
    public static int depthOf(long magnitude) {
        return 64 - Long.numberOfLeadingZeros(magnitude);
    }

    private BsiLayout() {}
}
