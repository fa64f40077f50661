package org.sonde.load.config;

/**
 * dperf's {@code protocol}. {@code tcp} sends fixed payloads (an HTTP message when the payload is
 * 85 bytes or more, raw filler below); {@code http} is the client that parses real servers'
 * responses; {@code udp} sends datagrams.
 */
public enum Protocol {
    TCP, UDP, HTTP
}
