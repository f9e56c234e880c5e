package dev.big.db.sql;

import java.util.List;

/** A HAVING clause: comparisons of result expressions, combined with AND, OR and NOT. */
sealed interface ResultCondition {

    String sql();

    record Compare(ResultExpr left, dev.big.db.Filter.Op op, ResultExpr right, String sql) implements ResultCondition {}

    record IsNull(ResultExpr operand, String sql) implements ResultCondition {}

    record And(List<ResultCondition> terms, String sql) implements ResultCondition {
        public And {
            terms = List.copyOf(terms);
        }
    }

    record Or(List<ResultCondition> terms, String sql) implements ResultCondition {
        public Or {
            terms = List.copyOf(terms);
        }
    }

    record Not(ResultCondition term, String sql) implements ResultCondition {}
}
