package org.sonde.packet;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AethTest {

    @Test
    void describesEachKind() {
        assertThat(Aeth.describe(0x1F)).isEqualTo("ACK credits=31");
        assertThat(Aeth.describe(0x00)).isEqualTo("ACK credits=0");
        assertThat(Aeth.describe(0x2E)).isEqualTo("RNR-NAK timer=14");
        assertThat(Aeth.describe(0x60)).isEqualTo("NAK PSN-sequence-error");
        assertThat(Aeth.describe(0x61)).isEqualTo("NAK invalid-request");
        assertThat(Aeth.describe(0x62)).isEqualTo("NAK remote-access-error");
        assertThat(Aeth.describe(0x63)).isEqualTo("NAK remote-operational-error");
        assertThat(Aeth.describe(0x64)).isEqualTo("NAK invalid-RD-request");
        assertThat(Aeth.describe(0x69)).isEqualTo("NAK reserved-code=9");
        assertThat(Aeth.describe(0x43)).isEqualTo("RESERVED value=3");
    }

    @Test
    void kindAndValueComeFromTheSyndromeBits() {
        assertThat(Aeth.kind(0x1F)).isEqualTo(Aeth.Kind.ACK);
        assertThat(Aeth.kind(0x2E)).isEqualTo(Aeth.Kind.RNR_NAK);
        assertThat(Aeth.kind(0x43)).isEqualTo(Aeth.Kind.RESERVED);
        assertThat(Aeth.kind(0x62)).isEqualTo(Aeth.Kind.NAK);
        assertThat(Aeth.value(0x2E)).isEqualTo(14);
        Aeth nak = Aeth.nak(Aeth.NakCode.REMOTE_ACCESS_ERROR, 0xABCDEF);
        assertThat(nak.syndrome()).isEqualTo(0x62);
        assertThat(nak.kind()).isEqualTo(Aeth.Kind.NAK);
        assertThat(Aeth.NakCode.fromCode(nak.value())).isEqualTo(Aeth.NakCode.REMOTE_ACCESS_ERROR);
        assertThat(Aeth.rnrNak(14, 1).describe()).isEqualTo("RNR-NAK timer=14");
        assertThat(Aeth.ack(Aeth.CREDITS_INVALID, 1).describe()).isEqualTo("ACK credits=31");
    }

    @Test
    void rnrTimerTableMatchesTheSpecificationEnds() {
        assertThat(Aeth.rnrTimerMicros(0)).isEqualTo(655_360);
        assertThat(Aeth.rnrTimerMicros(1)).isEqualTo(10);
        assertThat(Aeth.rnrTimerMicros(14)).isEqualTo(1_280);
        assertThat(Aeth.rnrTimerMicros(31)).isEqualTo(491_520);
    }
}
