/**
 * The file as numbered 8 KiB pages: the {@code Pager} contract (read, allocate, write, sync,
 * truncate, verify), {@code MmapPager} over a memory-mapped file (callers never see an
 * {@code Arena}), the verified-checksum memo, counts of pages per class ({@code CountingPager}),
 * the file locks that keep one writer per file and pin readers' snapshots across processes, and
 * the in-memory and fault-injecting pagers the tests use. Knows nothing of trees or fields.
 */
package dev.big.pager;
