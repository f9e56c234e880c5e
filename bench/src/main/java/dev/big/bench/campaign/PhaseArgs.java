package dev.big.bench.campaign;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The {@code --name value} arguments the campaign passes to a phase JVM. */
final class PhaseArgs {

    private final Map<String, String> values = new HashMap<>();

    PhaseArgs(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 == args.length) {
                throw new IllegalArgumentException("phase arguments are --name value pairs, got " + String.join(" ", args));
            }
            values.put(args[i].substring(2), args[++i]);
        }
    }

    String string(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("missing --" + name);
        }
        return value;
    }

    String string(String name, String otherwise) {
        return values.getOrDefault(name, otherwise);
    }

    long longValue(String name) {
        return Long.parseLong(string(name));
    }

    int intValue(String name) {
        return Integer.parseInt(string(name));
    }

    Path path(String name) {
        return Path.of(string(name));
    }

    Budget budget() {
        return Budget.named(string("budget"), longValue("records"));
    }
}
