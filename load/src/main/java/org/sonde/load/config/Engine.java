package org.sonde.load.config;

/**
 * Which network stack a test runs on: the kernel's sockets (the default), or Sonde's user-space
 * stop-and-wait TCP on an AF_PACKET raw socket (dperf's design, with dperf's {@code port}).
 */
public enum Engine {
    KERNEL, USERSPACE
}
