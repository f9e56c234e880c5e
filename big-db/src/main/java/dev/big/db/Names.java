package dev.big.db;

/** The rule for table and field names, checked in one place. */
final class Names {

    static final int MAX_LENGTH = 64;

    static void check(String what, String name) {
        if (name.isEmpty() || name.length() > MAX_LENGTH) {
            throw new InvalidInputException(what + " name '" + name + "' must have 1 to " + MAX_LENGTH + " characters");
        }
        char first = name.charAt(0);
        boolean ok = Character.isLetter(first) || first == '_';
        for (int i = 1; i < name.length() && ok; i++) {
            char c = name.charAt(i);
            ok = c < 128 && (Character.isLetterOrDigit(c) || c == '_');
        }
        if (!ok || first >= 128) {
            throw new InvalidInputException(what + " name '" + name
                    + "' is not valid: use ASCII letters, digits and '_', starting with a letter or '_'");
        }
    }

    private Names() {}
}
