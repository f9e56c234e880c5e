package dev.big.jdbc;

import java.sql.DatabaseMetaData;

/**
 * What big's SQL supports, as {@link DatabaseMetaData} asks it: inner and left equi-joins of one
 * file's tables, no subqueries, no schemas or catalogs, no procedures, READ COMMITTED transactions of data writes
 * only, forward-only read-only result sets, identifiers case-insensitive (quoted with {@code "}),
 * NULLs sorted last (high) as DuckDB sorts them. Limits of 0 mean "no known limit", as JDBC has it.
 */
abstract class DatabaseCapabilities implements DatabaseMetaData {

    @Override public final boolean allProceduresAreCallable() { return false; }
    @Override public final boolean allTablesAreSelectable() { return true; }
    @Override public final boolean nullsAreSortedHigh() { return true; }
    @Override public final boolean nullsAreSortedLow() { return false; }
    @Override public final boolean nullsAreSortedAtStart() { return false; }
    @Override public final boolean nullsAreSortedAtEnd() { return false; }
    @Override public final int getDriverMajorVersion() { return Versions.MAJOR; }
    @Override public final int getDriverMinorVersion() { return Versions.MINOR; }
    @Override public final boolean usesLocalFiles() { return true; }
    @Override public final boolean usesLocalFilePerTable() { return false; }
    @Override public final boolean supportsMixedCaseIdentifiers() { return false; }
    @Override public final boolean storesUpperCaseIdentifiers() { return false; }
    @Override public final boolean storesLowerCaseIdentifiers() { return false; }
    @Override public final boolean storesMixedCaseIdentifiers() { return true; }
    @Override public final boolean supportsMixedCaseQuotedIdentifiers() { return true; }
    @Override public final boolean storesUpperCaseQuotedIdentifiers() { return false; }
    @Override public final boolean storesLowerCaseQuotedIdentifiers() { return false; }
    @Override public final boolean storesMixedCaseQuotedIdentifiers() { return false; }
    @Override public final String getIdentifierQuoteString() { return "\""; }
    @Override public final String getSQLKeywords() { return "EXPLAIN,QUANTILE_DISC,MEDIAN,TIME_BUCKET,DATE_TRUNC,LIST_CONTAINS"; }
    @Override public final String getNumericFunctions() { return "ROUND"; }
    @Override public final String getStringFunctions() { return ""; }
    @Override public final String getSystemFunctions() { return ""; }
    @Override public final String getTimeDateFunctions() { return "DATE_TRUNC,DATE_PART,EXTRACT,TIME_BUCKET,MINUTE,HOUR,DAY,DAYOFWEEK,DAYOFYEAR,WEEK,MONTH,QUARTER,YEAR"; }
    @Override public final String getSearchStringEscape() { return "\\"; }
    @Override public final String getExtraNameCharacters() { return ""; }
    @Override public final boolean supportsAlterTableWithAddColumn() { return false; }
    @Override public final boolean supportsAlterTableWithDropColumn() { return false; }
    @Override public final boolean supportsColumnAliasing() { return true; }
    @Override public final boolean nullPlusNonNullIsNull() { return true; }
    @Override public final boolean supportsConvert() { return false; }
    @Override public final boolean supportsConvert(int a0, int a1) { return false; }
    @Override public final boolean supportsTableCorrelationNames() { return true; }
    @Override public final boolean supportsDifferentTableCorrelationNames() { return false; }
    @Override public final boolean supportsExpressionsInOrderBy() { return true; }
    @Override public final boolean supportsOrderByUnrelated() { return true; }
    @Override public final boolean supportsGroupBy() { return true; }
    @Override public final boolean supportsGroupByUnrelated() { return false; }
    @Override public final boolean supportsGroupByBeyondSelect() { return true; }
    @Override public final boolean supportsLikeEscapeClause() { return false; }
    @Override public final boolean supportsMultipleResultSets() { return false; }
    @Override public final boolean supportsMultipleTransactions() { return true; }
    @Override public final boolean supportsNonNullableColumns() { return true; }
    @Override public final boolean supportsMinimumSQLGrammar() { return true; }
    @Override public final boolean supportsCoreSQLGrammar() { return false; }
    @Override public final boolean supportsExtendedSQLGrammar() { return false; }
    @Override public final boolean supportsANSI92EntryLevelSQL() { return false; }
    @Override public final boolean supportsANSI92IntermediateSQL() { return false; }
    @Override public final boolean supportsANSI92FullSQL() { return false; }
    @Override public final boolean supportsIntegrityEnhancementFacility() { return false; }
    @Override public final boolean supportsOuterJoins() { return true; } // LEFT JOIN
    @Override public final boolean supportsFullOuterJoins() { return false; }
    @Override public final boolean supportsLimitedOuterJoins() { return true; } // LEFT, not FULL or RIGHT
    @Override public final String getSchemaTerm() { return "schema"; }
    @Override public final String getProcedureTerm() { return "procedure"; }
    @Override public final String getCatalogTerm() { return "catalog"; }
    @Override public final boolean isCatalogAtStart() { return false; }
    @Override public final String getCatalogSeparator() { return "."; }
    @Override public final boolean supportsSchemasInDataManipulation() { return false; }
    @Override public final boolean supportsSchemasInProcedureCalls() { return false; }
    @Override public final boolean supportsSchemasInTableDefinitions() { return false; }
    @Override public final boolean supportsSchemasInIndexDefinitions() { return false; }
    @Override public final boolean supportsSchemasInPrivilegeDefinitions() { return false; }
    @Override public final boolean supportsCatalogsInDataManipulation() { return false; }
    @Override public final boolean supportsCatalogsInProcedureCalls() { return false; }
    @Override public final boolean supportsCatalogsInTableDefinitions() { return false; }
    @Override public final boolean supportsCatalogsInIndexDefinitions() { return false; }
    @Override public final boolean supportsCatalogsInPrivilegeDefinitions() { return false; }
    @Override public final boolean supportsPositionedDelete() { return false; }
    @Override public final boolean supportsPositionedUpdate() { return false; }
    @Override public final boolean supportsSelectForUpdate() { return false; }
    @Override public final boolean supportsStoredProcedures() { return false; }
    @Override public final boolean supportsSubqueriesInComparisons() { return false; }
    @Override public final boolean supportsSubqueriesInExists() { return false; }
    @Override public final boolean supportsSubqueriesInIns() { return false; }
    @Override public final boolean supportsSubqueriesInQuantifieds() { return false; }
    @Override public final boolean supportsCorrelatedSubqueries() { return false; }
    @Override public final boolean supportsUnion() { return false; }
    @Override public final boolean supportsUnionAll() { return false; }
    @Override public final boolean supportsOpenCursorsAcrossCommit() { return false; }
    @Override public final boolean supportsOpenCursorsAcrossRollback() { return false; }
    @Override public final boolean supportsOpenStatementsAcrossCommit() { return true; }
    @Override public final boolean supportsOpenStatementsAcrossRollback() { return true; }
    @Override public final int getMaxBinaryLiteralLength() { return 0; }
    @Override public final int getMaxCharLiteralLength() { return 0; }
    @Override public final int getMaxColumnNameLength() { return 0; }
    @Override public final int getMaxColumnsInGroupBy() { return 4; }
    @Override public final int getMaxColumnsInIndex() { return 0; }
    @Override public final int getMaxColumnsInOrderBy() { return 0; }
    @Override public final int getMaxColumnsInSelect() { return 0; }
    @Override public final int getMaxColumnsInTable() { return dev.big.db.TableDef.MAX_FIELDS + 1; }
    @Override public final int getMaxConnections() { return 0; }
    @Override public final int getMaxCursorNameLength() { return 0; }
    @Override public final int getMaxIndexLength() { return 0; }
    @Override public final int getMaxSchemaNameLength() { return 0; }
    @Override public final int getMaxProcedureNameLength() { return 0; }
    @Override public final int getMaxCatalogNameLength() { return 0; }
    @Override public final int getMaxRowSize() { return 0; }
    @Override public final boolean doesMaxRowSizeIncludeBlobs() { return false; }
    @Override public final int getMaxStatementLength() { return 0; }
    @Override public final int getMaxStatements() { return 0; }
    @Override public final int getMaxTableNameLength() { return 0; }
    @Override public final int getMaxTablesInSelect() { return 1; }
    @Override public final int getMaxUserNameLength() { return 0; }
    @Override public final int getDefaultTransactionIsolation() { return java.sql.Connection.TRANSACTION_READ_COMMITTED; }
    @Override public final boolean supportsTransactions() { return true; }
    @Override public final boolean supportsTransactionIsolationLevel(int level) { return level != java.sql.Connection.TRANSACTION_NONE; }
    @Override public final boolean supportsDataDefinitionAndDataManipulationTransactions() { return true; }
    @Override public final boolean supportsDataManipulationTransactionsOnly() { return false; }
    @Override public final boolean dataDefinitionCausesTransactionCommit() { return false; }
    @Override public final boolean dataDefinitionIgnoredInTransactions() { return false; }
    @Override public final boolean supportsResultSetType(int type) { return type == java.sql.ResultSet.TYPE_FORWARD_ONLY; }
    @Override public final boolean supportsResultSetConcurrency(int type, int concurrency) { return type == java.sql.ResultSet.TYPE_FORWARD_ONLY && concurrency == java.sql.ResultSet.CONCUR_READ_ONLY; }
    @Override public final boolean ownUpdatesAreVisible(int a0) { return false; }
    @Override public final boolean ownDeletesAreVisible(int a0) { return false; }
    @Override public final boolean ownInsertsAreVisible(int a0) { return false; }
    @Override public final boolean othersUpdatesAreVisible(int a0) { return false; }
    @Override public final boolean othersDeletesAreVisible(int a0) { return false; }
    @Override public final boolean othersInsertsAreVisible(int a0) { return false; }
    @Override public final boolean updatesAreDetected(int a0) { return false; }
    @Override public final boolean deletesAreDetected(int a0) { return false; }
    @Override public final boolean insertsAreDetected(int a0) { return false; }
    @Override public final boolean supportsBatchUpdates() { return true; }
    @Override public final boolean supportsSavepoints() { return false; }
    @Override public final boolean supportsNamedParameters() { return false; }
    @Override public final boolean supportsMultipleOpenResults() { return false; }
    @Override public final boolean supportsGetGeneratedKeys() { return false; }
    @Override public final boolean supportsResultSetHoldability(int holdability) { return holdability == java.sql.ResultSet.CLOSE_CURSORS_AT_COMMIT; }
    @Override public final int getResultSetHoldability() { return java.sql.ResultSet.CLOSE_CURSORS_AT_COMMIT; }
    @Override public final int getDatabaseMajorVersion() { return Versions.MAJOR; }
    @Override public final int getDatabaseMinorVersion() { return Versions.MINOR; }
    @Override public final int getJDBCMajorVersion() { return Versions.JDBC_MAJOR; }
    @Override public final int getJDBCMinorVersion() { return Versions.JDBC_MINOR; }
    @Override public final int getSQLStateType() { return sqlStateSQL; }
    @Override public final boolean locatorsUpdateCopy() { return false; }
    @Override public final boolean supportsStatementPooling() { return false; }
    @Override public final boolean supportsStoredFunctionsUsingCallSyntax() { return false; }
    @Override public final boolean autoCommitFailureClosesAllResultSets() { return true; }
    @Override public final boolean generatedKeyAlwaysReturned() { return false; }
}
