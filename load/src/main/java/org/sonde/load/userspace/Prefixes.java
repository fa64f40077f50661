package org.sonde.load.userspace;

import java.net.InetAddress;
import java.util.Arrays;

/**
 * An IPv6 side's address prefixes: the high 96 bits of this side's addresses and of the peer's.
 * The 64-byte socket keeps 32 bits per address, as it does for IPv4, so every address of one
 * side shares its first 12 bytes (the configuration checks it) and a frame is written from the
 * prefix and the socket's 32 bits. A stack with no prefixes (null) speaks IPv4.
 */
record Prefixes(byte[] local, byte[] peer) {
    Prefixes {
        if (local.length != Frames.PREFIX_BYTES || peer.length != Frames.PREFIX_BYTES) throw new IllegalArgumentException("a prefix is 12 bytes");
        local = local.clone();
        peer = peer.clone();
    }

    /** The first 12 bytes of an IPv6 address. */
    static byte[] high(InetAddress a) {
        return Arrays.copyOf(a.getAddress(), Frames.PREFIX_BYTES);
    }

    /** The last 32 bits of an address (all of an IPv4 address): what a socket keeps. */
    static int low(InetAddress a) {
        return low(a.getAddress());
    }

    static int low(byte[] b) {
        int n = b.length;
        return ((b[n - 4] & 0xff) << 24) | ((b[n - 3] & 0xff) << 16) | ((b[n - 2] & 0xff) << 8) | (b[n - 1] & 0xff);
    }
}
