package org.sonde.sim.rdma;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sonde.packet.Psn;
import org.sonde.sim.net.CaptureTap;
import org.sonde.sim.net.Port;

/**
 * A small run exercising most of the transport, captured at every host port (both directions):
 * two senders WRITE and READ through a switch that ECN-marks every 7th data packet and drops one
 * WRITE packet, one READ response and one tail packet.
 */
final class CaptureScenario {
    final DcqcnTest.Dumbbell bed;
    final List<WorkRequest.Completion> done = new ArrayList<>();

    CaptureScenario(long seed, Path capture) {
        RoceConfig config = RoceConfig.defaults().withRetries(8, 7, 7);
        bed = new DcqcnTest.Dumbbell(seed, 2, config, org.sonde.sim.net.PfcThresholds.OFF);
        QueuePair[] a = RdmaNic.connect(bed.senders.get(0), bed.receiver);
        QueuePair[] b = RdmaNic.connect(bed.senders.get(1), bed.receiver);
        int[] count = {0};
        int lostWrite = Psn.add(a[0].initialPsn(), 5);
        int lostResponse = Psn.add(b[0].initialPsn(), 2);
        int lostTail = Psn.add(a[0].initialPsn(), 39);
        boolean[] once = new boolean[3];
        for (Port p : bed.sw.ports()) p.setFilter((f, port) -> {
            if (!(f instanceof RoceFrame r) || !r.isData()) return true;
            if (++count[0] % 7 == 0) r.ecn = org.sonde.sim.net.IpFrame.ECN_CE;
            if (r.destinationQp == a[1].qpn() && r.psn == lostWrite && !once[0]) { once[0] = true; return false; }
            if (r.destinationQp == b[0].qpn() && r.psn == lostResponse && !once[1]) { once[1] = true; return false; }
            if (r.destinationQp == a[1].qpn() && r.psn == lostTail && !once[2]) { once[2] = true; return false; }
            return true;
        });
        List<Port> ports = bed.net.hosts().stream().map(h -> h.nic()).toList();
        try (CaptureTap tap = new CaptureTap(capture, ports, CaptureTap.Direction.BOTH, 65535, 1_700_000_000_000_000_000L)) {
            a[0].post(WorkRequest.rc(1, Verb.WRITE, 40 * 1024, done::add));
            b[0].post(WorkRequest.rc(2, Verb.READ, 16 * 1024, done::add));
            b[1].postReceive(1);
            b[0].post(WorkRequest.rc(3, Verb.SEND, 3 * 1024, done::add));
            bed.net.simulator().run();
        }
    }
}
