/**
 * Capture files: streaming readers and writers for pcap (microsecond and nanosecond) and pcapng.
 *
 * <p>{@link org.sonde.capture.CaptureReader} is a cursor over reused buffers, so multi-gigabyte
 * files are read without holding them in memory and without per-packet allocation.
 * {@link org.sonde.capture.CaptureWriter} writes through a temporary file that is renamed over
 * the target only on a successful close. Malformed input always ends in a
 * {@link org.sonde.capture.CaptureFormatException} that names the file, byte offset and record.
 */
package org.sonde.capture;
