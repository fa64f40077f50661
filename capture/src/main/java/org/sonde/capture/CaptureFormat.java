package org.sonde.capture;

/** The on-disk format of a capture file. */
enum CaptureFormat {
    /** Classic pcap, timestamps in microseconds (magic {@code a1b2c3d4}). */
    PCAP_MICROS,
    /** Classic pcap, timestamps in nanoseconds (magic {@code a1b23c4d}). */
    PCAP_NANOS,
    /** pcapng: sections, interfaces with their own link type and timestamp resolution, comments. */
    PCAPNG
}
