package dev.big.db.sql;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The type each {@code ?} of a statement stands for, from binding alone (JDBC's
 * {@code getParameterMetaData}): the type of the column it is compared with or written into, an
 * element of a set for {@code list_contains}, a BIGINT for a LIMIT or a number in the select list.
 * Read from the statement compiled with its parameters as placeholders, whose literals carry the
 * index of the value they stand for. A parameter whose column the walk cannot tell is
 * {@link ColumnType.Kind#UNKNOWN}.
 */
final class ParameterTypes {

    private static final ColumnType INTEGER = new ColumnType(ColumnType.Kind.BIGINT, 0, false);
    private static final ColumnType UNKNOWN = new ColumnType(ColumnType.Kind.UNKNOWN, 0, true);

    /** Where the statement's columns are looked up: its table, or a join's tables. */
    private final ColumnScope scope;
    /** The table a write writes (null for a query). */
    private final TableBinding table;
    private final ColumnType[] types;

    private ParameterTypes(ColumnScope scope, int count) {
        this.scope = scope;
        this.table = scope instanceof TableBinding binding ? binding : null;
        this.types = new ColumnType[count];
        Arrays.fill(types, UNKNOWN);
    }

    /** The types of the {@code count} parameters of {@code statement}, bound against {@code table}. */
    static List<ColumnType> of(CompiledStatement statement, ColumnScope scope, int count) {
        ParameterTypes walk = new ParameterTypes(scope, count);
        if (statement.write() != null) {
            walk.write(statement.write());
        } else {
            walk.query(statement.query());
        }
        return List.of(walk.types);
    }

    private void query(Query query) {
        predicate(query.where());
        switch (query) {
            case AggregateQuery aggregate -> {
                literal(aggregate.limit(), INTEGER);
                for (AggregateQuery.Output output : aggregate.outputs()) {
                    result(output.value());
                }
                if (aggregate.having() != null) {
                    condition(aggregate.having());
                }
            }
            case ListingQuery listing -> literal(listing.limit(), INTEGER);
            case JoinQuery join -> {
                join.sources().forEach(source -> predicate(source.on()));
                if (join.aggregate() != null) {
                    query(join.aggregate());
                } else {
                    literal(join.listing().limit(), INTEGER);
                }
            }
        }
    }

    private void write(WriteStatement write) {
        switch (write) {
            case WriteStatement.Insert insert -> {
                List<ColumnRef> columns = insert.columns();
                List<ColumnType> targets = new ArrayList<>();
                if (columns == null) {
                    targets.add(ColumnType.ID);
                    table.fields().forEach(f -> targets.add(ColumnType.of(f)));
                } else {
                    for (ColumnRef column : columns) {
                        targets.add(type(column));
                    }
                }
                for (List<Literal> row : insert.rows()) {
                    for (int c = 0; c < row.size() && c < targets.size(); c++) {
                        literal(row.get(c), targets.get(c));
                    }
                }
            }
            case WriteStatement.Update update -> {
                for (WriteStatement.Assignment assignment : update.assignments()) {
                    literal(assignment.value(), type(assignment.column()));
                }
                predicate(update.where());
            }
            case WriteStatement.Delete delete -> predicate(delete.where());
        }
    }

    private void predicate(Predicate predicate) {
        if (predicate == null) {
            return;
        }
        switch (predicate) {
            case Predicate.Comparison comparison -> literal(comparison.value(), type(comparison.column()));
            case Predicate.Between between -> {
                literal(between.low(), type(between.column()));
                literal(between.high(), type(between.column()));
            }
            case Predicate.InList in -> in.values().forEach(value -> literal(value, type(in.column())));
            case Predicate.Contains contains -> literal(contains.value(), new ColumnType(ColumnType.Kind.VARCHAR, 0, false));
            case Predicate.And and -> and.terms().forEach(this::predicate);
            case Predicate.Or or -> or.terms().forEach(this::predicate);
            case Predicate.Not not -> predicate(not.term());
            case Predicate.ColumnComparison ignored -> { }
            case Predicate.IsNull ignored -> { }
            case Predicate.BoolColumn ignored -> { }
        }
    }

    private void result(ResultExpr expression) {
        switch (expression) {
            case ResultExpr.IntegerNumber number -> literal(number.literal(), INTEGER);
            case ResultExpr.Aggregate aggregate -> predicate(aggregate.call().filter());
            case ResultExpr.Negate negate -> result(negate.operand());
            case ResultExpr.Round round -> {
                result(round.operand());
                literal(round.digits(), INTEGER);
            }
            case ResultExpr.Arithmetic arithmetic -> {
                result(arithmetic.left());
                result(arithmetic.right());
            }
            default -> { }
        }
    }

    private void condition(ResultCondition condition) {
        switch (condition) {
            case ResultCondition.Compare compare -> {
                result(compare.left());
                result(compare.right());
            }
            case ResultCondition.IsNull isNull -> result(isNull.operand());
            case ResultCondition.Not not -> condition(not.term());
            case ResultCondition.And and -> and.terms().forEach(this::condition);
            case ResultCondition.Or or -> or.terms().forEach(this::condition);
        }
    }

    private ColumnType type(ColumnRef ref) {
        TableBinding.BoundColumn column = scope.column(ref);
        return column.isId() ? ColumnType.ID : ColumnType.of(column.field());
    }

    /** Records {@code type} for {@code literal} if it is a parameter. */
    private void literal(Literal literal, ColumnType type) {
        int index = switch (literal) {
            case null -> -1;
            case Literal.IntLiteral l -> l.parameter();
            case Literal.StringLiteral l -> l.parameter();
            case Literal.TimestampLiteral l -> l.parameter();
            case Literal.DecimalLiteral l -> l.parameter();
            case Literal.BoolLiteral l -> l.parameter();
            case Literal.SetLiteral l -> {
                if (l.elements() != null) {
                    l.elements().forEach(element -> literal(element, new ColumnType(ColumnType.Kind.VARCHAR, 0, false)));
                }
                yield l.parameter();
            }
            case Literal.NullLiteral l -> -1;
        };
        if (index >= 0 && index < types.length) {
            types[index] = type;
        }
    }
}
