package org.sonde.packet;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.statistics.StatisticsReport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Random, mutated and truncated bytes fed to every decoder: each either succeeds or throws
 * {@link DecodeException}; any other exception fails the test. When a frame decodes, the view and the
 * records must agree and re-encoding must give the same bytes.
 */
class DecodeRobustnessTest {
    private static final List<byte[]> SAMPLES = SampleFrames.all().stream().map(Packet::encode).toList();
    private final PacketView view = new PacketView();

    /** Runs every frame decoder on {@code f}; returns true if the frame was accepted. */
    private boolean decodeFrame(byte[] f) {
        try {
            view.dissect(f, 0, f.length);
        } catch (DecodeException e) {
            assertThat(e.offset()).isBetween(0, f.length);
            assertThat(e.getMessage()).startsWith("packet: byte offset " + e.offset() + ": ");
            assertThatThrownBy(() -> Packet.decode(f)).as("records reject what the view rejects")
                    .isInstanceOf(DecodeException.class).hasMessage(e.getMessage());
            return false;
        }
        exerciseValidity(view);
        ViewRecordAgreement.check(f);
        return true;
    }

    private static void exerciseValidity(PacketView v) {
        for (; v != null; v = v.inner()) {
            v.ipv4ChecksumValid();
            v.l4ChecksumValid();
            v.roceIcrcValid();
            v.ipSrcString();
        }
    }

    @FunctionalInterface
    interface Decoder {
        Header decode(byte[] b, int off, int len);
    }

    private static final List<Decoder> RECORD_DECODERS = new ArrayList<>(List.of(
            EthernetHeader::decode, VlanTag::decode, Ipv4Header::decode, Ipv6Header::decode, Ipv6FragmentHeader::decode,
            IcmpHeader::decode, UdpHeader::decode, TcpHeader::decode, VxlanHeader::decode, Bth::decode, Icrc::decode,
            Padding::decode));

    static {
        for (int type : new int[] {0, 43, 44, 51, 60, 6}) {
            RECORD_DECODERS.add((b, off, len) -> Ipv6ExtensionHeader.decodeAny(type, b, off, len));
        }
        for (RoceExtensionHeader kind : RoceExtensionHeader.values()) RECORD_DECODERS.add(kind::decode);
    }

    private static void decodeRecords(byte[] b, int off, int len) {
        for (Decoder d : RECORD_DECODERS) {
            try {
                Header h = d.decode(b, off, len);
                assertThat(h.length()).isLessThanOrEqualTo(len);
                assertThat(h.toBytes()).isEqualTo(Arrays.copyOfRange(b, off, off + h.length()));
            } catch (DecodeException e) {
                assertThat(e.getMessage()).startsWith("packet: byte offset ");
            }
        }
    }

    @Property(tries = 2000)
    void randomBytes(@ForAll @Size(max = 160) byte[] f) {
        decodeFrame(f);
        decodeRecords(f, 0, f.length);
    }

    @Property(tries = 3000, edgeCases = EdgeCasesMode.NONE) // the combined edge cases would outnumber the tries
    @StatisticsReport(StatisticsReport.StatisticsReportMode.OFF)
    void randomBytesBehindAValidEthernetIpUdpPrefix(@ForAll("prefixes") byte[] prefix, @ForAll @Size(max = 120) byte[] rest) {
        byte[] f = Arrays.copyOf(prefix, prefix.length + rest.length);
        System.arraycopy(rest, 0, f, prefix.length, rest.length);
        countOutcome(decodeFrame(f));
    }

    @Provide
    Arbitrary<byte[]> prefixes() {
        return Arbitraries.of(SAMPLES).map(s -> Arrays.copyOf(s, 14 + 20 + 8));
    }

    /** Records the outcome and checks that the fuzzing reaches both the accepting and the rejecting paths. */
    private static void countOutcome(boolean accepted) {
        Statistics.label("outcome").collect(accepted ? "accepted" : "rejected");
        Statistics.label("outcome").coverage(c -> {
            c.check("accepted").percentage(p -> p >= 5);
            c.check("rejected").percentage(p -> p >= 5);
        });
    }

    @Property(tries = 10000)
    @StatisticsReport(StatisticsReport.StatisticsReportMode.OFF) // the coverage check still applies
    void mutatedValidFrames(@ForAll("samples") byte[] sample, @ForAll long seed) {
        Random r = new Random(seed);
        byte[] f = sample.clone();
        for (int n = 1 + r.nextInt(4); n > 0; n--) {
            int i = r.nextInt(f.length);
            f[i] = switch (r.nextInt(4)) {
                case 0 -> (byte) r.nextInt();
                case 1 -> (byte) (f[i] ^ 1 << r.nextInt(8));
                case 2 -> 0;
                default -> (byte) 0xFF;
            };
        }
        if (r.nextBoolean()) f = Arrays.copyOf(f, r.nextInt(f.length + 1));
        boolean accepted = decodeFrame(f);
        countOutcome(accepted);
        assertSameOutcomeInsideALargerArray(f, accepted, r.nextInt(50));
        int off = f.length == 0 ? 0 : r.nextInt(f.length);
        decodeRecords(f, off, f.length - off);
    }

    /** Error offsets count from the frame start, not from the start of the array. */
    private static void assertSameOutcomeInsideALargerArray(byte[] f, boolean accepted, int shift) {
        byte[] big = new byte[shift + f.length + 7];
        Arrays.fill(big, (byte) 0x81);
        System.arraycopy(f, 0, big, shift, f.length);
        PacketView v = new PacketView();
        try {
            v.dissect(big, shift, f.length);
            assertThat(accepted).isTrue();
        } catch (DecodeException e) {
            assertThat(accepted).isFalse();
            assertThatThrownBy(() -> Packet.decode(f)).hasMessage(e.getMessage());
        }
    }

    @Provide
    Arbitrary<byte[]> samples() {
        return Arbitraries.of(SAMPLES);
    }

    @Test
    void everyTruncationOfEveryValidFrame() {
        int accepted = 0;
        int rejected = 0;
        for (byte[] sample : SAMPLES) {
            for (int len = 0; len <= sample.length; len++) {
                byte[] f = Arrays.copyOf(sample, len);
                if (decodeFrame(f)) accepted++;
                else rejected++;
                decodeRecords(f, 0, len);
            }
            assertThat(decodeFrame(sample)).isTrue();
        }
        assertThat(accepted).isPositive();
        assertThat(rejected).isPositive();
    }

    @Test
    void deeplyNestedVxlanIsRejectedNotOverflowed() {
        Packet inner = SampleFrames.tcpSynWithOptions();
        byte[] f = inner.encode();
        for (int level = 0; level < 12; level++) {
            f = SampleFrames.ethernetIpv4().add(UdpHeader.of(1, WellKnownPorts.VXLAN), VxlanHeader.of(level))
                    .payload(f).build().encode();
            boolean accepted = decodeFrame(f);
            assertThat(accepted).as("level %d", level).isEqualTo(level < 8);
        }
    }

    @Test
    void recordDecodersRejectShortInput() {
        byte[] b = new byte[64];
        assertThatThrownBy(() -> Bth.decode(b, 60, 4)).isInstanceOf(DecodeException.class)
                .hasMessage("packet: byte offset 60: BTH: truncated: needs 12 bytes, only 4 left");
        b[12] = 0x40; // TCP data offset 4 words
        assertThatThrownBy(() -> TcpHeader.decode(b, 0, 64)).isInstanceOf(DecodeException.class)
                .hasMessage("packet: byte offset 12: TCP: data offset 4 words is below the minimum 5");
        b[12] = (byte) 0x60;
        b[20] = 2; // MSS kind with length byte 0
        assertThatThrownBy(() -> TcpHeader.decode(b, 0, 64)).isInstanceOf(DecodeException.class)
                .hasMessage("packet: byte offset 20: TCP option: kind 2 length 0 is below 2");
    }
}
