/**
 * The write log: small commits appended as checksummed frames to a sidecar file beside the
 * database file ({@code dev.big.pager.LogFile}) and made durable by one fdatasync, until a
 * checkpoint writes them out as pages and starts the log's next generation. {@code LogFrames} is
 * the frame format: encoding a commit's payload, appending it, and scanning the intact frames of
 * one generation back, as recovery and readers in other processes do. What a payload holds is the
 * engine's business above this package.
 */
package dev.big.engine.log;
