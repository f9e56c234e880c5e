/**
 * Addressing, a wire format: where a record's bits live. A record id splits into its shard
 * ({@code id >>> 20}) and its column, the record's position inside the shard; a fragment is
 * (field, view, shard); the bit for (row, column) of a fragment sits in the container of key
 * {@code row * 16 + column >>> 16}, so a row spans 16 container columns of 65,536 records each.
 * Fragment trees and export streams are keyed this way, so a change here is a version break
 * (docs/versioning.md).
 */
package dev.big.engine.coords;
