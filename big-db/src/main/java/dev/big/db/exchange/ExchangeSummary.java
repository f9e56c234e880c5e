package dev.big.db.exchange;

/**
 * What an export wrote or an import read: the commit it came from, how many tables, records,
 * dictionary values, fragments and containers, in how many blocks and stream bytes.
 */
public record ExchangeSummary(long sourceTxid, int tables, long records, long dictionaryEntries, long fragments,
                              long containers, long blocks, long streamBytes) {}
