package dev.big.db.field;

import dev.big.db.FieldType;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Date;

/** {@code timestamp}: a point in time stored as epoch milliseconds, read back as an {@code Instant}. */
final class TimestampKind extends ScalarKind {

    @Override
    public FieldType type() {
        return FieldType.TIMESTAMP;
    }

    @Override
    long stored(Object value, ValueContext context) {
        try {
            return switch (value) {
                case Instant instant -> instant.toEpochMilli();
                case OffsetDateTime time -> time.toInstant().toEpochMilli();
                case ZonedDateTime time -> time.toInstant().toEpochMilli();
                case Date date -> date.getTime();
                default -> integral(value, context);
            };
        } catch (ArithmeticException e) {
            throw context.invalid(value + " is beyond the epoch-millisecond range");
        } catch (dev.big.db.InvalidInputException e) {
            throw context.wrongType(value, "an Instant or epoch milliseconds");
        }
    }

    @Override
    public boolean storesNumbersAsGiven() {
        return true;
    }

    @Override
    long constant(Object constant, String field) {
        return constant instanceof Instant instant ? instant.toEpochMilli() : integerConstant(constant, field);
    }

    @Override
    public boolean summable() {
        return false;
    }

    @Override
    public Object value(long stored) {
        return Instant.ofEpochMilli(stored);
    }
}
