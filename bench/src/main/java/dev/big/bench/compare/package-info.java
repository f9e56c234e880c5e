/**
 * Engines big is compared with (DuckDB, SQLite, Lucene, a hand-built RoaringBitmap index), behind
 * one interface, loaded with the same generated events, and checked to give the same answers as
 * a brute-force scan before anything about them is timed.
 */
package dev.big.bench.compare;
