package dev.big.jdbc;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Rows read from any driver's result set in one form that compares across drivers. */
final class Rows {

    static List<List<Object>> read(ResultSet result) throws SQLException {
        ResultSetMetaData meta = result.getMetaData();
        List<List<Object>> rows = new ArrayList<>();
        while (result.next()) {
            List<Object> row = new ArrayList<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                row.add(normalize(result.getObject(i)));
            }
            rows.add(row);
        }
        return rows;
    }

    /** Arrays as lists; everything else as it is (both drivers return Long, BigDecimal, Timestamp, ...). */
    static Object normalize(Object value) throws SQLException {
        if (value instanceof Array array) {
            return Arrays.asList((Object[]) array.getArray());
        }
        return value;
    }

    private Rows() {}
}
