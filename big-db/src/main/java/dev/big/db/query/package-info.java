/**
 * The read path: filters evaluated to each shard's matching records, and counts, aggregates,
 * group-bys, top-N listings, quantiles, id listings and record reads answered on one committed
 * state, shard by shard and on every core, from bitmap rows and bit planes (never a scan of
 * records). Not exported: applications reach it through {@code Snapshot}, and this module's SQL
 * layer directly.
 */
package dev.big.db.query;
