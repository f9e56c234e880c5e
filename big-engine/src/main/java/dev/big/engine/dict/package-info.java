/**
 * Dictionaries: a keyed or set field's strings and their ids, which are the field's row numbers
 * ({@code Dictionary}: two trees, by hash and by id), and a set field's distinct sets with their
 * ids ({@code SetIds}), so that a record's set is one number. Both scale to millions of values,
 * and a commit touches only the paths of what it adds.
 */
package dev.big.engine.dict;
