/**
 * Tests of the API as an application outside big's packages uses it: through
 * {@code import dev.big.db.*}, and compiled and run as a named module and on the class path with
 * only the flags the README lists.
 */
package dev.big.db.usage;
