package org.sonde.packet;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.sonde.packet.RoceExtensionHeader.AETH;
import static org.sonde.packet.RoceExtensionHeader.ATOMIC_ACK_ETH;
import static org.sonde.packet.RoceExtensionHeader.ATOMIC_ETH;
import static org.sonde.packet.RoceExtensionHeader.CNP_PAYLOAD;
import static org.sonde.packet.RoceExtensionHeader.DETH;
import static org.sonde.packet.RoceExtensionHeader.IETH;
import static org.sonde.packet.RoceExtensionHeader.IMMDT;
import static org.sonde.packet.RoceExtensionHeader.RDETH;
import static org.sonde.packet.RoceExtensionHeader.RETH;

/**
 * BTH opcodes of the RC, UC, RD and UD transports (IBA table 38) plus the RoCEv2 CNP (0x81), with the
 * extended transport headers that follow the BTH and the name Wireshark shows in its Info column.
 */
public enum RoceOpcode {
    RC_SEND_FIRST(Transport.RC, Operation.SEND_FIRST),
    RC_SEND_MIDDLE(Transport.RC, Operation.SEND_MIDDLE),
    RC_SEND_LAST(Transport.RC, Operation.SEND_LAST),
    RC_SEND_LAST_WITH_IMMEDIATE(Transport.RC, Operation.SEND_LAST_WITH_IMMEDIATE),
    RC_SEND_ONLY(Transport.RC, Operation.SEND_ONLY),
    RC_SEND_ONLY_WITH_IMMEDIATE(Transport.RC, Operation.SEND_ONLY_WITH_IMMEDIATE),
    RC_RDMA_WRITE_FIRST(Transport.RC, Operation.RDMA_WRITE_FIRST),
    RC_RDMA_WRITE_MIDDLE(Transport.RC, Operation.RDMA_WRITE_MIDDLE),
    RC_RDMA_WRITE_LAST(Transport.RC, Operation.RDMA_WRITE_LAST),
    RC_RDMA_WRITE_LAST_WITH_IMMEDIATE(Transport.RC, Operation.RDMA_WRITE_LAST_WITH_IMMEDIATE),
    RC_RDMA_WRITE_ONLY(Transport.RC, Operation.RDMA_WRITE_ONLY),
    RC_RDMA_WRITE_ONLY_WITH_IMMEDIATE(Transport.RC, Operation.RDMA_WRITE_ONLY_WITH_IMMEDIATE),
    RC_RDMA_READ_REQUEST(Transport.RC, Operation.RDMA_READ_REQUEST),
    RC_RDMA_READ_RESPONSE_FIRST(Transport.RC, Operation.RDMA_READ_RESPONSE_FIRST),
    RC_RDMA_READ_RESPONSE_MIDDLE(Transport.RC, Operation.RDMA_READ_RESPONSE_MIDDLE),
    RC_RDMA_READ_RESPONSE_LAST(Transport.RC, Operation.RDMA_READ_RESPONSE_LAST),
    RC_RDMA_READ_RESPONSE_ONLY(Transport.RC, Operation.RDMA_READ_RESPONSE_ONLY),
    RC_ACKNOWLEDGE(Transport.RC, Operation.ACKNOWLEDGE),
    RC_ATOMIC_ACKNOWLEDGE(Transport.RC, Operation.ATOMIC_ACKNOWLEDGE),
    RC_COMPARE_SWAP(Transport.RC, Operation.COMPARE_SWAP),
    RC_FETCH_ADD(Transport.RC, Operation.FETCH_ADD),
    RC_SEND_LAST_WITH_INVALIDATE(Transport.RC, Operation.SEND_LAST_WITH_INVALIDATE),
    RC_SEND_ONLY_WITH_INVALIDATE(Transport.RC, Operation.SEND_ONLY_WITH_INVALIDATE),

    UC_SEND_FIRST(Transport.UC, Operation.SEND_FIRST),
    UC_SEND_MIDDLE(Transport.UC, Operation.SEND_MIDDLE),
    UC_SEND_LAST(Transport.UC, Operation.SEND_LAST),
    UC_SEND_LAST_WITH_IMMEDIATE(Transport.UC, Operation.SEND_LAST_WITH_IMMEDIATE),
    UC_SEND_ONLY(Transport.UC, Operation.SEND_ONLY),
    UC_SEND_ONLY_WITH_IMMEDIATE(Transport.UC, Operation.SEND_ONLY_WITH_IMMEDIATE),
    UC_RDMA_WRITE_FIRST(Transport.UC, Operation.RDMA_WRITE_FIRST),
    UC_RDMA_WRITE_MIDDLE(Transport.UC, Operation.RDMA_WRITE_MIDDLE),
    UC_RDMA_WRITE_LAST(Transport.UC, Operation.RDMA_WRITE_LAST),
    UC_RDMA_WRITE_LAST_WITH_IMMEDIATE(Transport.UC, Operation.RDMA_WRITE_LAST_WITH_IMMEDIATE),
    UC_RDMA_WRITE_ONLY(Transport.UC, Operation.RDMA_WRITE_ONLY),
    UC_RDMA_WRITE_ONLY_WITH_IMMEDIATE(Transport.UC, Operation.RDMA_WRITE_ONLY_WITH_IMMEDIATE),

    RD_SEND_FIRST(Transport.RD, Operation.SEND_FIRST),
    RD_SEND_MIDDLE(Transport.RD, Operation.SEND_MIDDLE),
    RD_SEND_LAST(Transport.RD, Operation.SEND_LAST),
    RD_SEND_LAST_WITH_IMMEDIATE(Transport.RD, Operation.SEND_LAST_WITH_IMMEDIATE),
    RD_SEND_ONLY(Transport.RD, Operation.SEND_ONLY),
    RD_SEND_ONLY_WITH_IMMEDIATE(Transport.RD, Operation.SEND_ONLY_WITH_IMMEDIATE),
    RD_RDMA_WRITE_FIRST(Transport.RD, Operation.RDMA_WRITE_FIRST),
    RD_RDMA_WRITE_MIDDLE(Transport.RD, Operation.RDMA_WRITE_MIDDLE),
    RD_RDMA_WRITE_LAST(Transport.RD, Operation.RDMA_WRITE_LAST),
    RD_RDMA_WRITE_LAST_WITH_IMMEDIATE(Transport.RD, Operation.RDMA_WRITE_LAST_WITH_IMMEDIATE),
    RD_RDMA_WRITE_ONLY(Transport.RD, Operation.RDMA_WRITE_ONLY),
    RD_RDMA_WRITE_ONLY_WITH_IMMEDIATE(Transport.RD, Operation.RDMA_WRITE_ONLY_WITH_IMMEDIATE),
    RD_RDMA_READ_REQUEST(Transport.RD, Operation.RDMA_READ_REQUEST),
    RD_RDMA_READ_RESPONSE_FIRST(Transport.RD, Operation.RDMA_READ_RESPONSE_FIRST),
    RD_RDMA_READ_RESPONSE_MIDDLE(Transport.RD, Operation.RDMA_READ_RESPONSE_MIDDLE),
    RD_RDMA_READ_RESPONSE_LAST(Transport.RD, Operation.RDMA_READ_RESPONSE_LAST),
    RD_RDMA_READ_RESPONSE_ONLY(Transport.RD, Operation.RDMA_READ_RESPONSE_ONLY),
    RD_ACKNOWLEDGE(Transport.RD, Operation.ACKNOWLEDGE),
    RD_ATOMIC_ACKNOWLEDGE(Transport.RD, Operation.ATOMIC_ACKNOWLEDGE),
    RD_COMPARE_SWAP(Transport.RD, Operation.COMPARE_SWAP),
    RD_FETCH_ADD(Transport.RD, Operation.FETCH_ADD),
    RD_RESYNC(Transport.RD, Operation.RESYNC),

    UD_SEND_ONLY(Transport.UD, Operation.SEND_ONLY),
    UD_SEND_ONLY_WITH_IMMEDIATE(Transport.UD, Operation.SEND_ONLY_WITH_IMMEDIATE),

    /** Congestion Notification Packet of RoCEv2 (Annex A17.9.3): BTH, 16 reserved bytes, ICRC. */
    CNP(Transport.CNP, Operation.CONGESTION_NOTIFICATION);

    /** The service a BTH opcode belongs to (its top three bits). */
    public enum Transport {
        RC(0x00, "RC"), UC(0x20, "UC"), RD(0x40, "RD"), UD(0x60, "UD"), CNP(0x80, "");

        private final int base;
        private final String label;

        Transport(int base, String label) {
            this.base = base;
            this.label = label;
        }
    }

    private enum Operation {
        SEND_FIRST(0x00, "Send First"),
        SEND_MIDDLE(0x01, "Send Middle"),
        SEND_LAST(0x02, "Send Last"),
        SEND_LAST_WITH_IMMEDIATE(0x03, "Send Last Immediate", IMMDT),
        SEND_ONLY(0x04, "Send Only"),
        SEND_ONLY_WITH_IMMEDIATE(0x05, "Send Only Immediate", IMMDT),
        RDMA_WRITE_FIRST(0x06, "RDMA Write First", RETH),
        RDMA_WRITE_MIDDLE(0x07, "RDMA Write Middle"),
        RDMA_WRITE_LAST(0x08, "RDMA Write Last"),
        RDMA_WRITE_LAST_WITH_IMMEDIATE(0x09, "RDMA Write Last Immediate", IMMDT),
        RDMA_WRITE_ONLY(0x0A, "RDMA Write Only", RETH),
        RDMA_WRITE_ONLY_WITH_IMMEDIATE(0x0B, "RDMA Write Only Immediate", RETH, IMMDT),
        RDMA_READ_REQUEST(0x0C, "RDMA Read Request", RETH),
        RDMA_READ_RESPONSE_FIRST(0x0D, "RDMA Read Response First", AETH),
        RDMA_READ_RESPONSE_MIDDLE(0x0E, "RDMA Read Response Middle"),
        RDMA_READ_RESPONSE_LAST(0x0F, "RDMA Read Response Last", AETH),
        RDMA_READ_RESPONSE_ONLY(0x10, "RDMA Read Response Only", AETH),
        ACKNOWLEDGE(0x11, "Acknowledge", AETH),
        ATOMIC_ACKNOWLEDGE(0x12, "Atomic Acknowledge", AETH, ATOMIC_ACK_ETH),
        COMPARE_SWAP(0x13, "Compare Swap", ATOMIC_ETH),
        FETCH_ADD(0x14, "Fetch Add", ATOMIC_ETH),
        RESYNC(0x15, "Resync"),
        SEND_LAST_WITH_INVALIDATE(0x16, "Send Last Invalidate", IETH),
        SEND_ONLY_WITH_INVALIDATE(0x17, "Send Only Invalidate", IETH),
        CONGESTION_NOTIFICATION(0x01, "CNP", CNP_PAYLOAD);

        private final int code;
        private final String label;
        private final RoceExtensionHeader[] headers;

        Operation(int code, String label, RoceExtensionHeader... headers) {
            this.code = code;
            this.label = label;
            this.headers = headers;
        }

        /** Responses carry no DETH on RD (IBA 9.2: DETH is in RD requests only). */
        boolean isResponse() {
            return code >= 0x0D && code <= 0x12;
        }
    }

    private static final RoceOpcode[] BY_CODE = new RoceOpcode[256];
    /** Per opcode, the extension headers packed one per 4 bits (ordinal + 1), first header lowest; 0 = none. */
    private static final int[] PACKED_LAYOUT = new int[256];

    static {
        for (RoceOpcode op : values()) {
            BY_CODE[op.code] = op;
            int packed = 0;
            for (int i = op.extensionHeaders.size() - 1; i >= 0; i--) {
                packed = packed << 4 | (op.extensionHeaders.get(i).ordinal() + 1);
            }
            PACKED_LAYOUT[op.code] = packed;
        }
    }

    private final int code;
    private final Transport transport;
    private final String displayName;
    private final List<RoceExtensionHeader> extensionHeaders;
    private final int extensionHeadersLength;

    RoceOpcode(Transport transport, Operation operation) {
        this.code = transport.base + operation.code;
        this.transport = transport;
        this.displayName = transport.label.isEmpty() ? operation.label : transport.label + " " + operation.label;
        List<RoceExtensionHeader> hs = new ArrayList<>();
        if (transport == Transport.RD) {
            hs.add(RDETH);
            if (!operation.isResponse()) hs.add(DETH);
        } else if (transport == Transport.UD) {
            hs.add(DETH);
        }
        hs.addAll(List.of(operation.headers));
        this.extensionHeaders = Collections.unmodifiableList(hs);
        this.extensionHeadersLength = hs.stream().mapToInt(RoceExtensionHeader::lengthBytes).sum();
    }

    /** The 8-bit BTH opcode. */
    public int code() {
        return code;
    }

    public Transport transport() {
        return transport;
    }

    /** The name Wireshark prints, e.g. {@code RC Send Only}, {@code RC Acknowledge}, {@code CNP}. */
    public String displayName() {
        return displayName;
    }

    /** The extended transport headers between the BTH and the payload, in wire order. */
    public List<RoceExtensionHeader> extensionHeaders() {
        return extensionHeaders;
    }

    /** Total bytes of the extended transport headers. */
    public int extensionHeadersLength() {
        return extensionHeadersLength;
    }

    public boolean hasReth() {
        return extensionHeaders.contains(RETH);
    }

    public boolean hasAeth() {
        return extensionHeaders.contains(AETH);
    }

    public boolean hasImmDt() {
        return extensionHeaders.contains(IMMDT);
    }

    public boolean hasIeth() {
        return extensionHeaders.contains(IETH);
    }

    /** 28 when an AtomicETH follows the BTH, else 0. */
    public int atomicEthLength() {
        return extensionHeaders.contains(ATOMIC_ETH) ? ATOMIC_ETH.lengthBytes() : 0;
    }

    /** 8 when an AtomicAckETH follows, else 0. */
    public int atomicAckEthLength() {
        return extensionHeaders.contains(ATOMIC_ACK_ETH) ? ATOMIC_ACK_ETH.lengthBytes() : 0;
    }

    /** The opcode with this code, or {@code null} when the code is undefined (or outside 0..255). */
    public static RoceOpcode fromCode(int code) {
        return code >= 0 && code < 256 ? BY_CODE[code] : null;
    }

    /** The display name of any code: the opcode's name, or {@code Unknown (0xNN)}. */
    public static String displayName(int code) {
        RoceOpcode op = fromCode(code);
        return op != null ? op.displayName : String.format("Unknown (0x%02x)", code);
    }

    /** Packed extension-header layout for the hot path of {@link PacketView}; 0 for undefined codes. */
    static int packedLayout(int code) {
        return PACKED_LAYOUT[code & 0xFF];
    }
}
