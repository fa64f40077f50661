/**
 * Capture files: streaming readers and writers for pcap (microsecond and nanosecond) and pcapng.
 *
 * <p>{@link org.sonde.capture.CaptureReader} is a cursor over reused buffers, so multi-gigabyte
 * files are read without holding them in memory and without per-packet allocation. A file is
 * read through a window of 256 KiB, filled from a direct buffer of the reader's own: small enough
 * that the bytes are still in the core's cache when they are dissected and checksummed (an 8 MiB
 * window made reading a warm capture about three times slower; see BENCHMARKS.md, "Reading and
 * decoding a RoCEv2 capture").
 * {@link org.sonde.capture.CaptureWriter} writes through a temporary file that is renamed over
 * the target only on a successful close. Malformed input always ends in a
 * {@link org.sonde.capture.CaptureFormatException} that names the file, byte offset and record.
 */
package org.sonde.capture;
