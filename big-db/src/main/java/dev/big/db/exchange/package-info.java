/** Export and import streams: a database's schema, dictionaries and fragments in coords addressing. */
package dev.big.db.exchange;
