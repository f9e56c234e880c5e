/**
 * One class per field kind (int, timestamp, decimal, bool, keyed, set) under the sealed
 * {@code FieldKind}: how a value a caller hands in is checked and normalised, and for the
 * bit-sliced kinds ({@code ScalarKind}) how a number is stored, read back, compared and summed.
 * {@code FieldKinds} is the one table of kinds and their type codes, which are format (catalog
 * entries and export streams name kinds by them). Adding a kind is a class here and a line there.
 */
package dev.big.db.field;
