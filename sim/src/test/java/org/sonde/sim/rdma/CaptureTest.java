package org.sonde.sim.rdma;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureReader;
import org.sonde.packet.Aeth;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.PacketView;
import org.sonde.packet.RoceOpcode;

class CaptureTest {

    /** Per host IP: what its port sent and received, counted from the capture. */
    private static final class Tally {
        long sent, received, cnpsSent, cnpsReceived, naksSent, naksReceived, markedDataReceived, badIcrc;
    }

    private static Map<Integer, Tally> tally(Path capture) {
        Map<Integer, Tally> m = new HashMap<>();
        PacketView v = new PacketView();
        try (CaptureReader r = CaptureReader.open(capture)) {
            while (r.next()) {
                v.dissect(r.array(), r.offset(), r.capturedLength());
                if (!v.isRoce()) continue;
                // the port an interface belongs to is named "h1:0"; which host sent is in the IP header
                int src = v.ipv4Src(), dst = v.ipv4Dst();
                boolean tx = r.interfaceName().equals(hostOf(src));
                Tally t = m.computeIfAbsent(tx ? src : dst, k -> new Tally());
                if (!v.roceIcrcValid()) t.badIcrc++;
                int op = v.bthOpcode();
                boolean nak = op == RoceOpcode.RC_ACKNOWLEDGE.code() && Aeth.kind(v.aethSyndrome()) == Aeth.Kind.NAK;
                boolean data = v.isRoce() && !v.isCnp() && op != RoceOpcode.RC_ACKNOWLEDGE.code();
                if (tx) {
                    t.sent++;
                    if (v.isCnp()) t.cnpsSent++;
                    if (nak) t.naksSent++;
                } else {
                    t.received++;
                    if (v.isCnp()) t.cnpsReceived++;
                    if (nak) t.naksReceived++;
                    if (data && v.ipEcn() == 3) t.markedDataReceived++;
                }
            }
        }
        return m;
    }

    private static final Map<String, String> NAMES = new HashMap<>();

    private static String hostOf(int ip) {
        return NAMES.get(new Ipv4Address(ip).toString());
    }

    @Test
    void nicCountersMatchTheCapture(@TempDir Path dir) {
        Path file = dir.resolve("roce.pcapng");
        CaptureScenario s = new CaptureScenario(41, file);
        assertThat(s.done).hasSize(3).allSatisfy(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.SUCCESS));
        s.bed.net.hosts().forEach(h -> NAMES.put(new Ipv4Address(h.ip()).toString(), h.nic().name()));
        Map<Integer, Tally> tallies = tally(file);
        long totalNaks = 0, totalCnps = 0;
        for (RdmaNic nic : nics(s)) {
            Tally t = tallies.get(nic.host().ip());
            Map<String, Long> c = nic.counterValues();
            String who = nic.host().name();
            assertThat(t.badIcrc).as(who + ": ICRC").isZero();
            assertThat(c.get("port_xmit_packets")).as(who + ": sent").isEqualTo(t.sent);
            assertThat(c.get("port_rcv_packets")).as(who + ": received").isEqualTo(t.received);
            assertThat(c.get("np_cnp_sent")).as(who + ": CNPs sent").isEqualTo(t.cnpsSent);
            assertThat(c.get("rp_cnp_handled") + c.get("rp_cnp_ignored")).as(who + ": CNPs received").isEqualTo(t.cnpsReceived);
            assertThat(c.get("out_of_sequence")).as(who + ": NAKs sent").isEqualTo(t.naksSent);
            assertThat(c.get("packet_seq_err")).as(who + ": NAKs received").isEqualTo(t.naksReceived);
            assertThat(c.get("np_ecn_marked_roce_packets")).as(who + ": CE-marked data received").isEqualTo(t.markedDataReceived);
            totalNaks += t.naksSent;
            totalCnps += t.cnpsSent;
        }
        // the scenario did what it is meant to: one NAK for the lost WRITE packet, a timeout for the tail, a re-request, CNPs
        assertThat(totalNaks).isEqualTo(1);
        assertThat(totalCnps).isPositive();
        assertThat(s.bed.senders.get(0).counterValues()).containsEntry("local_ack_timeout_err", 1L);
        assertThat(s.bed.senders.get(1).counterValues()).containsEntry("implied_nak_seq_err", 1L);
    }

    private static java.util.List<RdmaNic> nics(CaptureScenario s) {
        java.util.List<RdmaNic> l = new java.util.ArrayList<>(s.bed.senders);
        l.add(s.bed.receiver);
        return l;
    }

    @Test
    void theSameSeedGivesByteIdenticalCaptures(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a.pcapng"), b = dir.resolve("b.pcapng"), c = dir.resolve("c.pcapng");
        new CaptureScenario(42, a);
        new CaptureScenario(42, b);
        new CaptureScenario(43, c);
        assertThat(Files.size(a)).isGreaterThan(10_000);
        assertThat(Files.mismatch(a, b)).isEqualTo(-1L);
        assertThat(Files.mismatch(a, c)).as("another seed draws other QPNs and PSNs").isNotEqualTo(-1L);
    }
}
