package org.sonde.sim.rdma;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.packet.PacketView;
import org.sonde.packet.Psn;
import org.sonde.sim.net.Port;

/** A packet damaged on the way is discarded by the receiving NIC, counted, and recovered by go-back-N; its encoding fails the ICRC check. */
class IcrcErrorTest {
    @Test
    void aCorruptedWriteIsDiscardedCountedAndResent() {
        RoceBed bed = new RoceBed(3, RoceConfig.defaults());
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        int damaged = Psn.add(qp[0].initialPsn(), 2);
        List<byte[]> encoded = new ArrayList<>();
        boolean[] done = {false};
        for (Port p : bed.sw.ports()) {
            p.setFilter((frame, port) -> {
                if (frame instanceof RoceFrame f && f.isData() && f.psn == damaged && !done[0]) {
                    done[0] = true;
                    f.icrcError = true;
                    encoded.add(f.encode());
                    encoded.add(f.copy().encode());
                }
                return true;
            });
        }
        List<WorkRequest.Completion> completions = new ArrayList<>();
        qp[0].post(WorkRequest.rc(1, Verb.WRITE, 8 * 1024, completions::add));
        bed.sim.run();
        assertThat(completions).singleElement().extracting(WorkRequest.Completion::status).isEqualTo(WorkRequest.Status.SUCCESS);
        assertThat(bed.nic2.counterValues()).containsEntry("rx_icrc_encapsulated", 1L).containsEntry("out_of_sequence", 1L);
        assertThat(qp[0].retransmissions()).isPositive();
        PacketView v = new PacketView();
        for (byte[] b : encoded) {
            v.dissect(b, 0, b.length);
            assertThat(v.roceIcrcValid()).isFalse();
        }
    }
}
