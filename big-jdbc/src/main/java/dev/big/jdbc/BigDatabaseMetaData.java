package dev.big.jdbc;

import dev.big.db.FieldDef;
import dev.big.db.IndexDef;
import dev.big.db.TableDef;
import dev.big.db.sql.ColumnType;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A big file described for tools that browse databases: its tables (TABLE), each table's columns
 * ({@code id} first, a BIGINT that is never null and the table's primary key, then the fields in
 * schema order), the types big answers with, and nothing else (no schemas, catalogs, indexes,
 * keys between tables, procedures or functions: those methods return empty result sets). Names
 * in patterns match as JDBC has it ({@code %} any run, {@code _} one character, {@code \}
 * escapes), case-sensitively; a null pattern matches everything.
 */
final class BigDatabaseMetaData extends DatabaseCapabilities {

    private static final ColumnType TEXT = new ColumnType(ColumnType.Kind.VARCHAR, 0, true);
    private static final ColumnType NUMBER = new ColumnType(ColumnType.Kind.BIGINT, 0, true);
    private static final ColumnType FLAG = new ColumnType(ColumnType.Kind.BOOLEAN, 0, true);
    private static final String TABLE = "TABLE";

    private final BigConnection connection;

    BigDatabaseMetaData(BigConnection connection) {
        this.connection = connection;
    }

    private List<TableDef> tables(String pattern) throws SQLException {
        connection.ensureOpen();
        Pattern matcher = like(pattern);
        try {
            return connection.db().schema().stream().filter(t -> matcher.matcher(t.name()).matches()).toList();
        } catch (RuntimeException e) {
            throw SqlExceptions.of(e);
        }
    }

    /** A JDBC name pattern as a regular expression. */
    static Pattern like(String pattern) {
        if (pattern == null) {
            return Pattern.compile(".*", Pattern.DOTALL);
        }
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                regex.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
            } else if (c == '%') {
                regex.append(".*");
            } else if (c == '_') {
                regex.append('.');
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }

    /** A result set of metadata: columns named and typed in pairs ({@code "TABLE_NAME", TEXT, ...}). */
    private static ResultSet table(List<List<Object>> rows, Object... namesAndTypes) {
        List<String> names = new ArrayList<>();
        List<ColumnType> types = new ArrayList<>();
        for (int i = 0; i < namesAndTypes.length; i += 2) {
            names.add((String) namesAndTypes[i]);
            types.add((ColumnType) namesAndTypes[i + 1]);
        }
        return ListResultSet.of(names, types, rows);
    }

    /** An empty result set with the given column names (all VARCHAR). */
    private static ResultSet empty(String... names) {
        return ListResultSet.of(Arrays.asList(names), Arrays.stream(names).map(n -> TEXT).toList(), List.of());
    }

    /** Schemas and catalogs: big has none, so only a null pattern or {@code ""}... matches the tables. */
    private static boolean noneOrEmpty(String name) {
        return name == null || name.isEmpty() || name.equals("%");
    }

    private static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }

    // ------------------------------------------------------------------ tables and columns

    @Override
    public ResultSet getTables(String catalog, String schemaPattern, String tableNamePattern, String[] types)
            throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        boolean wantsTables = types == null || Arrays.stream(types).anyMatch(TABLE::equalsIgnoreCase);
        if (wantsTables && noneOrEmpty(catalog) && noneOrEmpty(schemaPattern)) {
            for (TableDef table : tables(tableNamePattern)) {
                rows.add(row(null, null, table.name(), TABLE, "", null, null, null, null, null));
            }
        }
        return table(rows, "TABLE_CAT", TEXT, "TABLE_SCHEM", TEXT, "TABLE_NAME", TEXT, "TABLE_TYPE", TEXT, "REMARKS", TEXT,
                "TYPE_CAT", TEXT, "TYPE_SCHEM", TEXT, "TYPE_NAME", TEXT, "SELF_REFERENCING_COL_NAME", TEXT,
                "REF_GENERATION", TEXT);
    }

    @Override
    public ResultSet getColumns(String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern)
            throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        Pattern columns = like(columnNamePattern);
        if (noneOrEmpty(catalog) && noneOrEmpty(schemaPattern)) {
            for (TableDef table : tables(tableNamePattern)) {
                List<FieldDef> fields = new ArrayList<>();
                fields.add(null); // the id
                fields.addAll(table.fields());
                for (int i = 0; i < fields.size(); i++) {
                    FieldDef field = fields.get(i);
                    String name = field == null ? "id" : field.name();
                    if (!columns.matcher(name).matches()) {
                        continue;
                    }
                    ColumnType type = JdbcTypes.of(field);
                    int size = JdbcTypes.precision(type);
                    rows.add(row(null, null, table.name(), name, (long) JdbcTypes.sqlType(type), JdbcTypes.typeName(type),
                            (long) size, null, type.kind() == ColumnType.Kind.DECIMAL ? (long) type.scale() : null,
                            10L, type.nullable() ? (long) columnNullable : (long) columnNoNulls,
                            field == null ? "the record id" : field.type().label(), null, null, null,
                            type.kind() == ColumnType.Kind.VARCHAR ? (long) size : null, (long) i + 1,
                            type.nullable() ? "YES" : "NO", null, null, null, null, "NO", "NO"));
                }
            }
        }
        return table(rows, "TABLE_CAT", TEXT, "TABLE_SCHEM", TEXT, "TABLE_NAME", TEXT, "COLUMN_NAME", TEXT,
                "DATA_TYPE", NUMBER, "TYPE_NAME", TEXT, "COLUMN_SIZE", NUMBER, "BUFFER_LENGTH", NUMBER,
                "DECIMAL_DIGITS", NUMBER, "NUM_PREC_RADIX", NUMBER, "NULLABLE", NUMBER, "REMARKS", TEXT,
                "COLUMN_DEF", TEXT, "SQL_DATA_TYPE", NUMBER, "SQL_DATETIME_SUB", NUMBER, "CHAR_OCTET_LENGTH", NUMBER,
                "ORDINAL_POSITION", NUMBER, "IS_NULLABLE", TEXT, "SCOPE_CATALOG", TEXT, "SCOPE_SCHEMA", TEXT,
                "SCOPE_TABLE", TEXT, "SOURCE_DATA_TYPE", NUMBER, "IS_AUTOINCREMENT", TEXT, "IS_GENERATEDCOLUMN", TEXT);
    }

    /** Every table's primary key is its {@code id}. */
    @Override
    public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        if (noneOrEmpty(catalog) && noneOrEmpty(schema)) {
            for (TableDef def : tables(table == null ? null : table.replace("\\", "\\\\").replace("%", "\\%")
                    .replace("_", "\\_"))) {
                rows.add(row(null, null, def.name(), "id", 1L, def.name() + "_pkey"));
            }
        }
        return table(rows, "TABLE_CAT", TEXT, "TABLE_SCHEM", TEXT, "TABLE_NAME", TEXT, "COLUMN_NAME", TEXT,
                "KEY_SEQ", NUMBER, "PK_NAME", TEXT);
    }

    /**
     * The order indexes of {@code table} (an exact name, or null for every table): each a
     * non-unique index of one column, ascending, of type {@code tableIndexOther}. None when only
     * unique indexes are asked for (big's are never unique; the id is the primary key).
     */
    @Override
    public ResultSet getIndexInfo(String catalog, String schema, String table, boolean unique, boolean approximate)
            throws SQLException {
        connection.ensureOpen();
        List<List<Object>> rows = new ArrayList<>();
        if (!unique && noneOrEmpty(catalog) && noneOrEmpty(schema)) {
            try {
                for (IndexDef index : connection.db().indexes()) {
                    if (table == null || index.table().equals(table)) {
                        rows.add(row(null, null, index.table(), true, null, index.name(), (long) tableIndexOther, 1L,
                                index.field(), "A", null, null, null));
                    }
                }
            } catch (RuntimeException e) {
                throw SqlExceptions.of(e);
            }
        }
        return table(rows, "TABLE_CAT", TEXT, "TABLE_SCHEM", TEXT, "TABLE_NAME", TEXT, "NON_UNIQUE", FLAG,
                "INDEX_QUALIFIER", TEXT, "INDEX_NAME", TEXT, "TYPE", NUMBER, "ORDINAL_POSITION", NUMBER, "COLUMN_NAME", TEXT,
                "ASC_OR_DESC", TEXT, "CARDINALITY", NUMBER, "PAGES", NUMBER, "FILTER_CONDITION", TEXT);
    }

    @Override
    public ResultSet getTableTypes() throws SQLException {
        connection.ensureOpen();
        return table(List.of(row(TABLE)), "TABLE_TYPE", TEXT);
    }

    @Override
    public ResultSet getSchemas() throws SQLException {
        connection.ensureOpen();
        return empty("TABLE_SCHEM", "TABLE_CATALOG");
    }

    @Override
    public ResultSet getSchemas(String catalog, String schemaPattern) throws SQLException {
        return getSchemas();
    }

    @Override
    public ResultSet getCatalogs() throws SQLException {
        connection.ensureOpen();
        return empty("TABLE_CAT");
    }

    /** The types big's columns and answers have (docs/jdbc.md, "Types"). */
    @Override
    public ResultSet getTypeInfo() throws SQLException {
        connection.ensureOpen();
        List<List<Object>> rows = new ArrayList<>();
        typeRow(rows, "BIGINT", Types.BIGINT, 19, null, false, true, 0, 0);
        typeRow(rows, "BOOLEAN", Types.BOOLEAN, 1, null, false, false, 0, 0);
        typeRow(rows, "DATE", Types.DATE, 10, "'", false, false, 0, 0);
        typeRow(rows, "DECIMAL", Types.DECIMAL, JdbcTypes.DECIMAL_PRECISION, null, false, true, 0, JdbcTypes.DECIMAL_PRECISION);
        typeRow(rows, "DOUBLE", Types.DOUBLE, 17, null, false, true, 0, 0);
        typeRow(rows, "HUGEINT", Types.NUMERIC, JdbcTypes.HUGEINT_PRECISION, null, false, true, 0, 0);
        typeRow(rows, "TIMESTAMP", Types.TIMESTAMP, 23, "'", false, false, 0, 3);
        typeRow(rows, "VARCHAR", Types.VARCHAR, Integer.MAX_VALUE, "'", true, false, 0, 0);
        typeRow(rows, "VARCHAR[]", Types.ARRAY, Integer.MAX_VALUE, null, true, false, 0, 0);
        return table(rows, "TYPE_NAME", TEXT, "DATA_TYPE", NUMBER, "PRECISION", NUMBER, "LITERAL_PREFIX", TEXT,
                "LITERAL_SUFFIX", TEXT, "CREATE_PARAMS", TEXT, "NULLABLE", NUMBER, "CASE_SENSITIVE", FLAG,
                "SEARCHABLE", NUMBER, "UNSIGNED_ATTRIBUTE", FLAG, "FIXED_PREC_SCALE", FLAG, "AUTO_INCREMENT", FLAG,
                "LOCAL_TYPE_NAME", TEXT, "MINIMUM_SCALE", NUMBER, "MAXIMUM_SCALE", NUMBER, "SQL_DATA_TYPE", NUMBER,
                "SQL_DATETIME_SUB", NUMBER, "NUM_PREC_RADIX", NUMBER);
    }

    private static void typeRow(List<List<Object>> rows, String name, int type, int precision, String quote,
                                boolean caseSensitive, boolean numeric, int minScale, int maxScale) {
        rows.add(row(name, (long) type, (long) precision, quote, quote, name.equals("DECIMAL") ? "scale" : null,
                (long) typeNullable, caseSensitive, (long) (type == Types.ARRAY ? typePredNone : typeSearchable), !numeric,
                name.equals("DECIMAL"), false, name, (long) minScale, (long) maxScale, null, null, numeric ? 10L : null));
    }

    // ------------------------------------------------------------------ what big does not have

    private static ResultSet noKeys() {
        return empty("PKTABLE_CAT", "PKTABLE_SCHEM", "PKTABLE_NAME", "PKCOLUMN_NAME", "FKTABLE_CAT", "FKTABLE_SCHEM",
                "FKTABLE_NAME", "FKCOLUMN_NAME", "KEY_SEQ", "UPDATE_RULE", "DELETE_RULE", "FK_NAME", "PK_NAME", "DEFERRABILITY");
    }

    @Override
    public ResultSet getImportedKeys(String catalog, String schema, String table) throws SQLException {
        connection.ensureOpen();
        return noKeys();
    }

    @Override
    public ResultSet getExportedKeys(String catalog, String schema, String table) throws SQLException {
        connection.ensureOpen();
        return noKeys();
    }

    @Override
    public ResultSet getCrossReference(String parentCatalog, String parentSchema, String parentTable, String foreignCatalog,
                                       String foreignSchema, String foreignTable) throws SQLException {
        connection.ensureOpen();
        return noKeys();
    }

    @Override
    public ResultSet getProcedures(String catalog, String schemaPattern, String procedureNamePattern) {
        return empty("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME", "RESERVED1", "RESERVED2", "RESERVED3", "REMARKS",
                "PROCEDURE_TYPE", "SPECIFIC_NAME");
    }

    @Override
    public ResultSet getProcedureColumns(String catalog, String schemaPattern, String procedureNamePattern,
                                         String columnNamePattern) {
        return empty("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME", "COLUMN_NAME", "COLUMN_TYPE", "DATA_TYPE",
                "TYPE_NAME", "PRECISION", "LENGTH", "SCALE", "RADIX", "NULLABLE", "REMARKS", "COLUMN_DEF", "SQL_DATA_TYPE",
                "SQL_DATETIME_SUB", "CHAR_OCTET_LENGTH", "ORDINAL_POSITION", "IS_NULLABLE", "SPECIFIC_NAME");
    }

    @Override
    public ResultSet getFunctions(String catalog, String schemaPattern, String functionNamePattern) {
        return empty("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "REMARKS", "FUNCTION_TYPE", "SPECIFIC_NAME");
    }

    @Override
    public ResultSet getFunctionColumns(String catalog, String schemaPattern, String functionNamePattern,
                                        String columnNamePattern) {
        return empty("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "COLUMN_NAME", "COLUMN_TYPE", "DATA_TYPE",
                "TYPE_NAME", "PRECISION", "LENGTH", "SCALE", "RADIX", "NULLABLE", "REMARKS", "CHAR_OCTET_LENGTH",
                "ORDINAL_POSITION", "IS_NULLABLE", "SPECIFIC_NAME");
    }

    @Override
    public ResultSet getColumnPrivileges(String catalog, String schema, String table, String columnNamePattern) {
        return empty("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE",
                "IS_GRANTABLE");
    }

    @Override
    public ResultSet getTablePrivileges(String catalog, String schemaPattern, String tableNamePattern) {
        return empty("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE", "IS_GRANTABLE");
    }

    @Override
    public ResultSet getBestRowIdentifier(String catalog, String schema, String table, int scope, boolean nullable) {
        return empty("SCOPE", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "COLUMN_SIZE", "BUFFER_LENGTH", "DECIMAL_DIGITS",
                "PSEUDO_COLUMN");
    }

    @Override
    public ResultSet getVersionColumns(String catalog, String schema, String table) {
        return empty("SCOPE", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "COLUMN_SIZE", "BUFFER_LENGTH", "DECIMAL_DIGITS",
                "PSEUDO_COLUMN");
    }

    @Override
    public ResultSet getUDTs(String catalog, String schemaPattern, String typeNamePattern, int[] types) {
        return empty("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "CLASS_NAME", "DATA_TYPE", "REMARKS", "BASE_TYPE");
    }

    @Override
    public ResultSet getSuperTypes(String catalog, String schemaPattern, String typeNamePattern) {
        return empty("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SUPERTYPE_CAT", "SUPERTYPE_SCHEM", "SUPERTYPE_NAME");
    }

    @Override
    public ResultSet getSuperTables(String catalog, String schemaPattern, String tableNamePattern) {
        return empty("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "SUPERTABLE_NAME");
    }

    @Override
    public ResultSet getAttributes(String catalog, String schemaPattern, String typeNamePattern, String attributeNamePattern) {
        return empty("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "ATTR_NAME", "DATA_TYPE", "ATTR_TYPE_NAME", "ATTR_SIZE",
                "DECIMAL_DIGITS", "NUM_PREC_RADIX", "NULLABLE", "REMARKS", "ATTR_DEF", "SQL_DATA_TYPE", "SQL_DATETIME_SUB",
                "CHAR_OCTET_LENGTH", "ORDINAL_POSITION", "IS_NULLABLE", "SCOPE_CATALOG", "SCOPE_SCHEMA", "SCOPE_TABLE",
                "SOURCE_DATA_TYPE");
    }

    @Override
    public ResultSet getClientInfoProperties() {
        return empty("NAME", "MAX_LEN", "DEFAULT_VALUE", "DESCRIPTION");
    }

    @Override
    public ResultSet getPseudoColumns(String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern) {
        return empty("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE", "COLUMN_SIZE", "DECIMAL_DIGITS",
                "NUM_PREC_RADIX", "COLUMN_USAGE", "REMARKS", "CHAR_OCTET_LENGTH", "IS_NULLABLE");
    }

    // ------------------------------------------------------------------ about the database and driver

    @Override
    public String getURL() {
        return connection.url();
    }

    @Override
    public String getUserName() {
        return null;
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        return connection.isReadOnly();
    }

    @Override
    public String getDatabaseProductName() {
        return "big";
    }

    @Override
    public String getDatabaseProductVersion() {
        return Versions.TEXT;
    }

    @Override
    public String getDriverName() {
        return "big JDBC driver";
    }

    @Override
    public String getDriverVersion() {
        return Versions.TEXT;
    }

    @Override
    public RowIdLifetime getRowIdLifetime() {
        return RowIdLifetime.ROWID_UNSUPPORTED;
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new SQLException("big's database metadata is not a " + type.getName(), "HY000");
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this);
    }

}
