/**
 * Bit-sliced integers: a field's numbers kept as rows of one fragment per shard (view BSI): row 0
 * exists, row 1 sign, rows 2.. the bit planes of the magnitude ({@code BsiLayout}). big-db stores
 * int, timestamp and decimal values this way, and the dictionary and set ids of keyed and set
 * fields.
 *
 * <p>{@code BsiReader} selects a shard's fragment and loads its container columns (through
 * directories cached per commit), then hands each job to its room: records' values
 * ({@code RecordValues}), range counts and bitmaps ({@code PlaneRanges}: zone maps decide,
 * {@code RangeScan} scans the rest), sums and extremes ({@code PlaneAggregates}), the value of a
 * rank ({@code PlaneRank}), comparisons of two fields ({@code ColumnComparison}). The hot loops
 * run over one container column's 1,024 words ({@code WordKernels}). {@code BsiWriter} and
 * {@code BsiBulkWriter} write values and keep each fragment's {@code ZoneMap} exact.
 */
package dev.big.engine.bsi;
