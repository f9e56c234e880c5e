package dev.big.db.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The SQL layer calls down, never back up into the public API by name: it runs on the query
 * engine's plans and the transaction's bound changes, with tables and fields bound once, not
 * through {@code Snapshot.count("events", ...)}, {@code Transaction.updateAll("events", ...)} or
 * {@code Db.sql}, which would look the names up and check again what the binder checked. A scan
 * of the package's sources (comments left out) for calls of those methods on the snapshots,
 * transactions and databases it holds.
 */
class SqlCallsDownTest {

    /** A call of a by-name method of Snapshot, Transaction or Db on a variable holding one. */
    static final Pattern BY_NAME_CALL = Pattern.compile("\\b(snapshot|view|pinned|transaction|db)\\s*\\.\\s*"
            + "(count|aggregate|sum|groupCount|groupSum|groupAggregate|countDistinct|ids|forEachId|get|value|values|exists"
            + "|zoneMap|storage|shards|table|schema|sql|query|append|put|putAll|insertAll|update|updateAll|delete|deleteAll)"
            + "\\s*\\(");

    @Test
    void theSqlPackageCallsNoByNameMethodOfThePublicApi() throws IOException {
        Path sources = Path.of("src/main/java/dev/big/db/sql");
        List<String> calls = new ArrayList<>();
        int files = 0;
        try (Stream<Path> paths = Files.list(sources)) {
            for (Path file : paths.filter(p -> p.toString().endsWith(".java")).toList()) {
                files++;
                String code = withoutComments(Files.readString(file));
                Matcher call = BY_NAME_CALL.matcher(code);
                while (call.find()) {
                    calls.add(file.getFileName() + ": " + call.group());
                }
            }
        }
        assertTrue(files > 40, "read the sql package's sources (" + files + " files)");
        assertEquals(List.of(), calls, "calls back up into the by-name public API");
    }

    @Test
    void theScanFindsSuchACall() {
        assertTrue(BY_NAME_CALL.matcher(withoutComments("long n = snapshot.count(table.name(), where);")).find());
        assertTrue(BY_NAME_CALL.matcher(withoutComments("transaction . updateAll(\"t\", ids, m)")).find());
        assertTrue(!BY_NAME_CALL.matcher(withoutComments("// snapshot.count(x)\nengine.count(plan);")).find());
    }

    /** {@code code} with its comments blanked out (string literals are left: none holds such a call). */
    static String withoutComments(String code) {
        return code.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ");
    }
}
