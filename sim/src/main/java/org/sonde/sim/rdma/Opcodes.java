package org.sonde.sim.rdma;

import org.sonde.packet.RoceOpcode;

/** Which opcode packet {@code k} of an {@code n}-packet message carries (IBA 9.4: first, middle, last, only). */
final class Opcodes {
    private Opcodes() {
    }

    private static RoceOpcode pick(int k, int n, RoceOpcode only, RoceOpcode first, RoceOpcode middle, RoceOpcode last) {
        if (n == 1) return only;
        if (k == 0) return first;
        return k == n - 1 ? last : middle;
    }

    static RoceOpcode send(int k, int n) {
        return pick(k, n, RoceOpcode.RC_SEND_ONLY, RoceOpcode.RC_SEND_FIRST, RoceOpcode.RC_SEND_MIDDLE, RoceOpcode.RC_SEND_LAST);
    }

    static RoceOpcode write(int k, int n) {
        return pick(k, n, RoceOpcode.RC_RDMA_WRITE_ONLY, RoceOpcode.RC_RDMA_WRITE_FIRST, RoceOpcode.RC_RDMA_WRITE_MIDDLE, RoceOpcode.RC_RDMA_WRITE_LAST);
    }

    static RoceOpcode readResponse(int k, int n) {
        return pick(k, n, RoceOpcode.RC_RDMA_READ_RESPONSE_ONLY, RoceOpcode.RC_RDMA_READ_RESPONSE_FIRST,
                RoceOpcode.RC_RDMA_READ_RESPONSE_MIDDLE, RoceOpcode.RC_RDMA_READ_RESPONSE_LAST);
    }

    /** Packets of a message of {@code bytes} at {@code mtu}: at least one (a zero-length message has one). */
    static int packets(long bytes, int mtu) {
        return (int) Math.max(1, (bytes + mtu - 1) / mtu);
    }

    static boolean isSend(RoceOpcode op) {
        return switch (op) {
            case RC_SEND_FIRST, RC_SEND_MIDDLE, RC_SEND_LAST, RC_SEND_ONLY, RC_SEND_LAST_WITH_IMMEDIATE, RC_SEND_ONLY_WITH_IMMEDIATE -> true;
            default -> false;
        };
    }

    static boolean startsMessage(RoceOpcode op) {
        return switch (op) {
            case RC_SEND_FIRST, RC_SEND_ONLY, RC_SEND_ONLY_WITH_IMMEDIATE, RC_RDMA_WRITE_FIRST, RC_RDMA_WRITE_ONLY,
                 RC_RDMA_WRITE_ONLY_WITH_IMMEDIATE -> true;
            default -> false;
        };
    }

    static boolean endsMessage(RoceOpcode op) {
        return switch (op) {
            case RC_SEND_LAST, RC_SEND_ONLY, RC_SEND_LAST_WITH_IMMEDIATE, RC_SEND_ONLY_WITH_IMMEDIATE, RC_RDMA_WRITE_LAST,
                 RC_RDMA_WRITE_ONLY, RC_RDMA_WRITE_LAST_WITH_IMMEDIATE, RC_RDMA_WRITE_ONLY_WITH_IMMEDIATE -> true;
            default -> false;
        };
    }

    static boolean isReadResponse(RoceOpcode op) {
        return switch (op) {
            case RC_RDMA_READ_RESPONSE_FIRST, RC_RDMA_READ_RESPONSE_MIDDLE, RC_RDMA_READ_RESPONSE_LAST, RC_RDMA_READ_RESPONSE_ONLY -> true;
            default -> false;
        };
    }
}
