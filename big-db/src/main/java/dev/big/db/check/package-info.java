/**
 * What {@code Db.check()} adds to the store's check, on the same commit: what only the catalog
 * explains. The catalog's own consistency, that every fragment belongs to a field, record counts
 * and next record ids, dictionaries both ways, field bits inside their table's existence rows, a
 * keyed or set field's rows against its id planes, zone-map extremes ({@code DbCheck} runs them
 * all). Each walks what it checks once; every problem is listed, none stops the check.
 */
package dev.big.db.check;
