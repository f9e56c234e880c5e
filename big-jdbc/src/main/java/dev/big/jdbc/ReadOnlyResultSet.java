package dev.big.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;

/**
 * What a big result set does not do, in one place: it is forward-only ({@code TYPE_FORWARD_ONLY}),
 * read-only ({@code CONCUR_READ_ONLY}), and big has no binary, large-object, TIME, URL, REF or
 * XML values. Each such method throws {@link SQLFeatureNotSupportedException} saying so and what
 * to do instead.
 */
abstract class ReadOnlyResultSet implements ResultSet {

    static final String NAVIGATION = "big's result sets are forward-only (TYPE_FORWARD_ONLY): read the rows in order"
            + " with next(), and run the statement again to read them again";
    static final String UPDATES = "big's result sets are read-only (CONCUR_READ_ONLY): change records with UPDATE,"
            + " INSERT and DELETE statements";
    static final String TYPES = "big's values are BIGINT, DECIMAL, DOUBLE, TIMESTAMP, DATE, BOOLEAN, VARCHAR and"
            + " VARCHAR[] (docs/jdbc.md); read them with getLong, getBigDecimal, getDouble, getTimestamp, getDate,"
            + " getBoolean, getString, getArray or getObject";

    private static SQLFeatureNotSupportedException unsupported(String method, String instead) {
        return SqlExceptions.unsupported("ResultSet." + method, instead);
    }
    @Override
    public final byte[] getBytes(int column) throws SQLException { throw unsupported("getBytes", TYPES); }
    @Override
    public final Time getTime(int column) throws SQLException { throw unsupported("getTime", TYPES); }
    @Override
    public final InputStream getAsciiStream(int column) throws SQLException { throw unsupported("getAsciiStream", TYPES); }
    @Override
    @Deprecated
    public final InputStream getUnicodeStream(int column) throws SQLException { throw unsupported("getUnicodeStream", TYPES); }
    @Override
    public final InputStream getBinaryStream(int column) throws SQLException { throw unsupported("getBinaryStream", TYPES); }
    @Override
    public final byte[] getBytes(String label) throws SQLException { throw unsupported("getBytes", TYPES); }
    @Override
    public final Time getTime(String label) throws SQLException { throw unsupported("getTime", TYPES); }
    @Override
    public final InputStream getAsciiStream(String label) throws SQLException { throw unsupported("getAsciiStream", TYPES); }
    @Override
    @Deprecated
    public final InputStream getUnicodeStream(String label) throws SQLException { throw unsupported("getUnicodeStream", TYPES); }
    @Override
    public final InputStream getBinaryStream(String label) throws SQLException { throw unsupported("getBinaryStream", TYPES); }
    @Override
    public final String getCursorName() throws SQLException { throw unsupported("getCursorName", TYPES); }
    @Override
    public final Reader getCharacterStream(int column) throws SQLException { throw unsupported("getCharacterStream", TYPES); }
    @Override
    public final Reader getCharacterStream(String label) throws SQLException { throw unsupported("getCharacterStream", TYPES); }
    @Override
    public final void beforeFirst() throws SQLException { throw unsupported("beforeFirst", NAVIGATION); }
    @Override
    public final void afterLast() throws SQLException { throw unsupported("afterLast", NAVIGATION); }
    @Override
    public final boolean first() throws SQLException { throw unsupported("first", NAVIGATION); }
    @Override
    public final boolean last() throws SQLException { throw unsupported("last", NAVIGATION); }
    @Override
    public final boolean absolute(int column) throws SQLException { throw unsupported("absolute", NAVIGATION); }
    @Override
    public final boolean relative(int column) throws SQLException { throw unsupported("relative", NAVIGATION); }
    @Override
    public final boolean previous() throws SQLException { throw unsupported("previous", NAVIGATION); }
    @Override
    public final boolean rowUpdated() throws SQLException { throw unsupported("rowUpdated", UPDATES); }
    @Override
    public final boolean rowInserted() throws SQLException { throw unsupported("rowInserted", UPDATES); }
    @Override
    public final boolean rowDeleted() throws SQLException { throw unsupported("rowDeleted", UPDATES); }
    @Override
    public final void updateNull(int column) throws SQLException { throw unsupported("updateNull", UPDATES); }
    @Override
    public final void updateBoolean(int column, boolean a1) throws SQLException { throw unsupported("updateBoolean", UPDATES); }
    @Override
    public final void updateByte(int column, byte a1) throws SQLException { throw unsupported("updateByte", UPDATES); }
    @Override
    public final void updateShort(int column, short a1) throws SQLException { throw unsupported("updateShort", UPDATES); }
    @Override
    public final void updateInt(int column, int a1) throws SQLException { throw unsupported("updateInt", UPDATES); }
    @Override
    public final void updateLong(int column, long a1) throws SQLException { throw unsupported("updateLong", UPDATES); }
    @Override
    public final void updateFloat(int column, float a1) throws SQLException { throw unsupported("updateFloat", UPDATES); }
    @Override
    public final void updateDouble(int column, double a1) throws SQLException { throw unsupported("updateDouble", UPDATES); }
    @Override
    public final void updateBigDecimal(int column, BigDecimal a1) throws SQLException { throw unsupported("updateBigDecimal", UPDATES); }
    @Override
    public final void updateString(int column, String a1) throws SQLException { throw unsupported("updateString", UPDATES); }
    @Override
    public final void updateBytes(int column, byte[] a1) throws SQLException { throw unsupported("updateBytes", UPDATES); }
    @Override
    public final void updateDate(int column, Date a1) throws SQLException { throw unsupported("updateDate", UPDATES); }
    @Override
    public final void updateTime(int column, Time a1) throws SQLException { throw unsupported("updateTime", UPDATES); }
    @Override
    public final void updateTimestamp(int column, Timestamp a1) throws SQLException { throw unsupported("updateTimestamp", UPDATES); }
    @Override
    public final void updateAsciiStream(int column, InputStream a1, int a2) throws SQLException { throw unsupported("updateAsciiStream", UPDATES); }
    @Override
    public final void updateBinaryStream(int column, InputStream a1, int a2) throws SQLException { throw unsupported("updateBinaryStream", UPDATES); }
    @Override
    public final void updateCharacterStream(int column, Reader a1, int a2) throws SQLException { throw unsupported("updateCharacterStream", UPDATES); }
    @Override
    public final void updateObject(int column, Object a1, int a2) throws SQLException { throw unsupported("updateObject", UPDATES); }
    @Override
    public final void updateObject(int column, Object a1) throws SQLException { throw unsupported("updateObject", UPDATES); }
    @Override
    public final void updateNull(String label) throws SQLException { throw unsupported("updateNull", UPDATES); }
    @Override
    public final void updateBoolean(String label, boolean a1) throws SQLException { throw unsupported("updateBoolean", UPDATES); }
    @Override
    public final void updateByte(String label, byte a1) throws SQLException { throw unsupported("updateByte", UPDATES); }
    @Override
    public final void updateShort(String label, short a1) throws SQLException { throw unsupported("updateShort", UPDATES); }
    @Override
    public final void updateInt(String label, int a1) throws SQLException { throw unsupported("updateInt", UPDATES); }
    @Override
    public final void updateLong(String label, long a1) throws SQLException { throw unsupported("updateLong", UPDATES); }
    @Override
    public final void updateFloat(String label, float a1) throws SQLException { throw unsupported("updateFloat", UPDATES); }
    @Override
    public final void updateDouble(String label, double a1) throws SQLException { throw unsupported("updateDouble", UPDATES); }
    @Override
    public final void updateBigDecimal(String label, BigDecimal a1) throws SQLException { throw unsupported("updateBigDecimal", UPDATES); }
    @Override
    public final void updateString(String label, String a1) throws SQLException { throw unsupported("updateString", UPDATES); }
    @Override
    public final void updateBytes(String label, byte[] a1) throws SQLException { throw unsupported("updateBytes", UPDATES); }
    @Override
    public final void updateDate(String label, Date a1) throws SQLException { throw unsupported("updateDate", UPDATES); }
    @Override
    public final void updateTime(String label, Time a1) throws SQLException { throw unsupported("updateTime", UPDATES); }
    @Override
    public final void updateTimestamp(String label, Timestamp a1) throws SQLException { throw unsupported("updateTimestamp", UPDATES); }
    @Override
    public final void updateAsciiStream(String label, InputStream a1, int a2) throws SQLException { throw unsupported("updateAsciiStream", UPDATES); }
    @Override
    public final void updateBinaryStream(String label, InputStream a1, int a2) throws SQLException { throw unsupported("updateBinaryStream", UPDATES); }
    @Override
    public final void updateCharacterStream(String label, Reader a1, int a2) throws SQLException { throw unsupported("updateCharacterStream", UPDATES); }
    @Override
    public final void updateObject(String label, Object a1, int a2) throws SQLException { throw unsupported("updateObject", UPDATES); }
    @Override
    public final void updateObject(String label, Object a1) throws SQLException { throw unsupported("updateObject", UPDATES); }
    @Override
    public final void insertRow() throws SQLException { throw unsupported("insertRow", UPDATES); }
    @Override
    public final void updateRow() throws SQLException { throw unsupported("updateRow", UPDATES); }
    @Override
    public final void deleteRow() throws SQLException { throw unsupported("deleteRow", UPDATES); }
    @Override
    public final void refreshRow() throws SQLException { throw unsupported("refreshRow", UPDATES); }
    @Override
    public final void cancelRowUpdates() throws SQLException { throw unsupported("cancelRowUpdates", UPDATES); }
    @Override
    public final void moveToInsertRow() throws SQLException { throw unsupported("moveToInsertRow", UPDATES); }
    @Override
    public final void moveToCurrentRow() throws SQLException { throw unsupported("moveToCurrentRow", UPDATES); }
    @Override
    public final Ref getRef(int column) throws SQLException { throw unsupported("getRef", TYPES); }
    @Override
    public final Blob getBlob(int column) throws SQLException { throw unsupported("getBlob", TYPES); }
    @Override
    public final Clob getClob(int column) throws SQLException { throw unsupported("getClob", TYPES); }
    @Override
    public final Ref getRef(String label) throws SQLException { throw unsupported("getRef", TYPES); }
    @Override
    public final Blob getBlob(String label) throws SQLException { throw unsupported("getBlob", TYPES); }
    @Override
    public final Clob getClob(String label) throws SQLException { throw unsupported("getClob", TYPES); }
    @Override
    public final Time getTime(int column, Calendar a1) throws SQLException { throw unsupported("getTime", TYPES); }
    @Override
    public final Time getTime(String label, Calendar a1) throws SQLException { throw unsupported("getTime", TYPES); }
    @Override
    public final java.net.URL getURL(int column) throws SQLException { throw unsupported("getURL", TYPES); }
    @Override
    public final java.net.URL getURL(String label) throws SQLException { throw unsupported("getURL", TYPES); }
    @Override
    public final void updateRef(int column, Ref a1) throws SQLException { throw unsupported("updateRef", UPDATES); }
    @Override
    public final void updateRef(String label, Ref a1) throws SQLException { throw unsupported("updateRef", UPDATES); }
    @Override
    public final void updateBlob(int column, Blob a1) throws SQLException { throw unsupported("updateBlob", UPDATES); }
    @Override
    public final void updateBlob(String label, Blob a1) throws SQLException { throw unsupported("updateBlob", UPDATES); }
    @Override
    public final void updateClob(int column, Clob a1) throws SQLException { throw unsupported("updateClob", UPDATES); }
    @Override
    public final void updateClob(String label, Clob a1) throws SQLException { throw unsupported("updateClob", UPDATES); }
    @Override
    public final void updateArray(int column, Array a1) throws SQLException { throw unsupported("updateArray", UPDATES); }
    @Override
    public final void updateArray(String label, Array a1) throws SQLException { throw unsupported("updateArray", UPDATES); }
    @Override
    public final RowId getRowId(int column) throws SQLException { throw unsupported("getRowId", TYPES); }
    @Override
    public final RowId getRowId(String label) throws SQLException { throw unsupported("getRowId", TYPES); }
    @Override
    public final void updateRowId(int column, RowId a1) throws SQLException { throw unsupported("updateRowId", UPDATES); }
    @Override
    public final void updateRowId(String label, RowId a1) throws SQLException { throw unsupported("updateRowId", UPDATES); }
    @Override
    public final void updateNString(int column, String a1) throws SQLException { throw unsupported("updateNString", UPDATES); }
    @Override
    public final void updateNString(String label, String a1) throws SQLException { throw unsupported("updateNString", UPDATES); }
    @Override
    public final void updateNClob(int column, NClob a1) throws SQLException { throw unsupported("updateNClob", UPDATES); }
    @Override
    public final void updateNClob(String label, NClob a1) throws SQLException { throw unsupported("updateNClob", UPDATES); }
    @Override
    public final NClob getNClob(int column) throws SQLException { throw unsupported("getNClob", TYPES); }
    @Override
    public final NClob getNClob(String label) throws SQLException { throw unsupported("getNClob", TYPES); }
    @Override
    public final SQLXML getSQLXML(int column) throws SQLException { throw unsupported("getSQLXML", TYPES); }
    @Override
    public final SQLXML getSQLXML(String label) throws SQLException { throw unsupported("getSQLXML", TYPES); }
    @Override
    public final void updateSQLXML(int column, SQLXML a1) throws SQLException { throw unsupported("updateSQLXML", UPDATES); }
    @Override
    public final void updateSQLXML(String label, SQLXML a1) throws SQLException { throw unsupported("updateSQLXML", UPDATES); }
    @Override
    public final Reader getNCharacterStream(int column) throws SQLException { throw unsupported("getNCharacterStream", TYPES); }
    @Override
    public final Reader getNCharacterStream(String label) throws SQLException { throw unsupported("getNCharacterStream", TYPES); }
    @Override
    public final void updateNCharacterStream(int column, Reader a1, long a2) throws SQLException { throw unsupported("updateNCharacterStream", UPDATES); }
    @Override
    public final void updateNCharacterStream(String label, Reader a1, long a2) throws SQLException { throw unsupported("updateNCharacterStream", UPDATES); }
    @Override
    public final void updateAsciiStream(int column, InputStream a1, long a2) throws SQLException { throw unsupported("updateAsciiStream", UPDATES); }
    @Override
    public final void updateBinaryStream(int column, InputStream a1, long a2) throws SQLException { throw unsupported("updateBinaryStream", UPDATES); }
    @Override
    public final void updateCharacterStream(int column, Reader a1, long a2) throws SQLException { throw unsupported("updateCharacterStream", UPDATES); }
    @Override
    public final void updateAsciiStream(String label, InputStream a1, long a2) throws SQLException { throw unsupported("updateAsciiStream", UPDATES); }
    @Override
    public final void updateBinaryStream(String label, InputStream a1, long a2) throws SQLException { throw unsupported("updateBinaryStream", UPDATES); }
    @Override
    public final void updateCharacterStream(String label, Reader a1, long a2) throws SQLException { throw unsupported("updateCharacterStream", UPDATES); }
    @Override
    public final void updateBlob(int column, InputStream a1, long a2) throws SQLException { throw unsupported("updateBlob", UPDATES); }
    @Override
    public final void updateBlob(String label, InputStream a1, long a2) throws SQLException { throw unsupported("updateBlob", UPDATES); }
    @Override
    public final void updateClob(int column, Reader a1, long a2) throws SQLException { throw unsupported("updateClob", UPDATES); }
    @Override
    public final void updateClob(String label, Reader a1, long a2) throws SQLException { throw unsupported("updateClob", UPDATES); }
    @Override
    public final void updateNClob(int column, Reader a1, long a2) throws SQLException { throw unsupported("updateNClob", UPDATES); }
    @Override
    public final void updateNClob(String label, Reader a1, long a2) throws SQLException { throw unsupported("updateNClob", UPDATES); }
    @Override
    public final void updateNCharacterStream(int column, Reader a1) throws SQLException { throw unsupported("updateNCharacterStream", UPDATES); }
    @Override
    public final void updateNCharacterStream(String label, Reader a1) throws SQLException { throw unsupported("updateNCharacterStream", UPDATES); }
    @Override
    public final void updateAsciiStream(int column, InputStream a1) throws SQLException { throw unsupported("updateAsciiStream", UPDATES); }
    @Override
    public final void updateBinaryStream(int column, InputStream a1) throws SQLException { throw unsupported("updateBinaryStream", UPDATES); }
    @Override
    public final void updateCharacterStream(int column, Reader a1) throws SQLException { throw unsupported("updateCharacterStream", UPDATES); }
    @Override
    public final void updateAsciiStream(String label, InputStream a1) throws SQLException { throw unsupported("updateAsciiStream", UPDATES); }
    @Override
    public final void updateBinaryStream(String label, InputStream a1) throws SQLException { throw unsupported("updateBinaryStream", UPDATES); }
    @Override
    public final void updateCharacterStream(String label, Reader a1) throws SQLException { throw unsupported("updateCharacterStream", UPDATES); }
    @Override
    public final void updateBlob(int column, InputStream a1) throws SQLException { throw unsupported("updateBlob", UPDATES); }
    @Override
    public final void updateBlob(String label, InputStream a1) throws SQLException { throw unsupported("updateBlob", UPDATES); }
    @Override
    public final void updateClob(int column, Reader a1) throws SQLException { throw unsupported("updateClob", UPDATES); }
    @Override
    public final void updateClob(String label, Reader a1) throws SQLException { throw unsupported("updateClob", UPDATES); }
    @Override
    public final void updateNClob(int column, Reader a1) throws SQLException { throw unsupported("updateNClob", UPDATES); }
    @Override
    public final void updateNClob(String label, Reader a1) throws SQLException { throw unsupported("updateNClob", UPDATES); }
}
