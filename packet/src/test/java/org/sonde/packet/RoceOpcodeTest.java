package org.sonde.packet;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.packet.RoceExtensionHeader.*;

class RoceOpcodeTest {

    @Test
    void codesFollowTheTransportPrefix() {
        assertThat(RoceOpcode.RC_SEND_FIRST.code()).isEqualTo(0x00);
        assertThat(RoceOpcode.RC_ACKNOWLEDGE.code()).isEqualTo(0x11);
        assertThat(RoceOpcode.RC_SEND_ONLY_WITH_INVALIDATE.code()).isEqualTo(0x17);
        assertThat(RoceOpcode.UC_RDMA_WRITE_ONLY_WITH_IMMEDIATE.code()).isEqualTo(0x2B);
        assertThat(RoceOpcode.RD_RESYNC.code()).isEqualTo(0x55);
        assertThat(RoceOpcode.UD_SEND_ONLY.code()).isEqualTo(0x64);
        assertThat(RoceOpcode.CNP.code()).isEqualTo(0x81);
        assertThat(RoceOpcode.values()).hasSize(23 + 12 + 22 + 2 + 1);
    }

    @Test
    void displayNamesAreWiresharks() {
        // As tshark 4.0 prints them in the Info column for RoCEv2 packets.
        assertThat(RoceOpcode.RC_SEND_ONLY.displayName()).isEqualTo("RC Send Only");
        assertThat(RoceOpcode.RC_ACKNOWLEDGE.displayName()).isEqualTo("RC Acknowledge");
        assertThat(RoceOpcode.RC_SEND_LAST_WITH_IMMEDIATE.displayName()).isEqualTo("RC Send Last Immediate");
        assertThat(RoceOpcode.RC_RDMA_READ_RESPONSE_MIDDLE.displayName()).isEqualTo("RC RDMA Read Response Middle");
        assertThat(RoceOpcode.RC_COMPARE_SWAP.displayName()).isEqualTo("RC Compare Swap");
        assertThat(RoceOpcode.RC_SEND_ONLY_WITH_INVALIDATE.displayName()).isEqualTo("RC Send Only Invalidate");
        assertThat(RoceOpcode.UC_RDMA_WRITE_LAST_WITH_IMMEDIATE.displayName()).isEqualTo("UC RDMA Write Last Immediate");
        assertThat(RoceOpcode.CNP.displayName()).isEqualTo("CNP");
        assertThat(RoceOpcode.displayName(0x15)).isEqualTo("Unknown (0x15)");
    }

    @Test
    void extensionHeadersPerOpcode() {
        assertThat(RoceOpcode.RC_SEND_MIDDLE.extensionHeaders()).isEmpty();
        assertThat(RoceOpcode.RC_RDMA_WRITE_FIRST.extensionHeaders()).containsExactly(RETH);
        assertThat(RoceOpcode.RC_RDMA_WRITE_ONLY_WITH_IMMEDIATE.extensionHeaders()).containsExactly(RETH, IMMDT);
        assertThat(RoceOpcode.RC_RDMA_READ_RESPONSE_MIDDLE.extensionHeaders()).isEmpty();
        assertThat(RoceOpcode.RC_RDMA_READ_RESPONSE_LAST.extensionHeaders()).containsExactly(AETH);
        assertThat(RoceOpcode.RC_ATOMIC_ACKNOWLEDGE.extensionHeaders()).containsExactly(AETH, ATOMIC_ACK_ETH);
        assertThat(RoceOpcode.RC_FETCH_ADD.atomicEthLength()).isEqualTo(28);
        assertThat(RoceOpcode.RC_ATOMIC_ACKNOWLEDGE.atomicAckEthLength()).isEqualTo(8);
        assertThat(RoceOpcode.RC_SEND_LAST_WITH_INVALIDATE.hasIeth()).isTrue();
        assertThat(RoceOpcode.UD_SEND_ONLY_WITH_IMMEDIATE.extensionHeaders()).containsExactly(DETH, IMMDT);
        assertThat(RoceOpcode.RD_RDMA_WRITE_ONLY_WITH_IMMEDIATE.extensionHeaders()).containsExactly(RDETH, DETH, RETH, IMMDT);
        assertThat(RoceOpcode.RD_ACKNOWLEDGE.extensionHeaders()).containsExactly(RDETH, AETH);
        assertThat(RoceOpcode.CNP.extensionHeaders()).containsExactly(CNP_PAYLOAD);
        assertThat(RoceOpcode.RD_RDMA_WRITE_ONLY_WITH_IMMEDIATE.extensionHeadersLength()).isEqualTo(4 + 8 + 16 + 4);
    }

    @Test
    void hasMethodsAgreeWithTheHeaderList() {
        for (RoceOpcode op : RoceOpcode.values()) {
            List<RoceExtensionHeader> hs = op.extensionHeaders();
            assertThat(op.hasReth()).isEqualTo(hs.contains(RETH));
            assertThat(op.hasAeth()).isEqualTo(hs.contains(AETH));
            assertThat(op.hasImmDt()).isEqualTo(hs.contains(IMMDT));
            assertThat(op.hasIeth()).isEqualTo(hs.contains(IETH));
            assertThat(op.displayName()).startsWith(op == RoceOpcode.CNP ? "CNP" : op.transport().name() + " ");
        }
    }

    @Test
    void fromCodeFindsEveryOpcodeAndNullForUndefinedCodes() {
        int defined = 0;
        for (int code = -5; code < 300; code++) {
            RoceOpcode op = RoceOpcode.fromCode(code);
            if (op != null) {
                assertThat(op.code()).isEqualTo(code);
                defined++;
            }
        }
        assertThat(defined).isEqualTo(RoceOpcode.values().length);
        assertThat(RoceOpcode.fromCode(0x15)).isNull(); // RC has no RESYNC
        assertThat(RoceOpcode.fromCode(0x80)).isNull();
        assertThat(RoceOpcode.fromCode(0xA0)).isNull(); // XRC is not modelled
    }
}
