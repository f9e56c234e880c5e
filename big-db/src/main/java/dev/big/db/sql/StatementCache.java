package dev.big.db.sql;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compiled statements by text, so a repeated statement is neither lexed nor parsed again: one
 * bounded LRU map from statement text to its compiled form and values, and one from
 * {@link StatementTemplate} text to the compiled template (empty when the template does not
 * compile and the text must be compiled itself). Compiled statements hold no schema, so entries
 * stay valid across commits. Thread-safe.
 */
final class StatementCache {

    /** A statement ready to bind: compiled, and the values its template parameters stand for. */
    record Prepared(CompiledStatement statement, List<Object> values, boolean fromTemplate) {}

    private final Map<String, Prepared> statements;
    private final Map<String, Optional<CompiledStatement>> templates;

    StatementCache(int capacity) {
        this.statements = lru(capacity);
        this.templates = lru(capacity);
    }

    private static <V> Map<String, V> lru(int capacity) {
        return new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > capacity;
            }
        };
    }

    Prepared statement(String sql) {
        synchronized (statements) {
            return statements.get(sql);
        }
    }

    void putStatement(String sql, Prepared prepared) {
        synchronized (statements) {
            statements.put(sql, prepared);
        }
    }

    /** The compiled template, empty if it is known not to compile, null if it was never tried. */
    Optional<CompiledStatement> template(String text) {
        synchronized (templates) {
            return templates.get(text);
        }
    }

    void putTemplate(String text, Optional<CompiledStatement> compiled) {
        synchronized (templates) {
            templates.put(text, compiled);
        }
    }

    void clear() {
        synchronized (statements) {
            statements.clear();
        }
        synchronized (templates) {
            templates.clear();
        }
    }
}
