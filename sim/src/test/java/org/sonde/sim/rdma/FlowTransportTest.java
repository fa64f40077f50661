package org.sonde.sim.rdma;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.packet.RoceOpcode;
import org.sonde.sim.traffic.Flow;
import org.sonde.sim.traffic.FlowProgress;

class FlowTransportTest {
    private record Finish(Flow flow, long at) {}

    private static List<Finish> run(Verb verb, List<FlowProgress> progress, RoceBed[] bedOut) {
        RoceConfig config = RoceConfig.defaults().withVerb(verb);
        RoceBed bed = new RoceBed(61, config, config, org.sonde.sim.net.SwitchConfig.DEFAULT, false);
        bedOut[0] = bed;
        RoceFlowTransport t = new RoceFlowTransport(config);
        List<Finish> finished = new ArrayList<>();
        Flow f = new Flow(0, "f0", bed.h1, bed.h2, 300_000, 0, 3);
        bed.sim.after(0, () -> progress.add(t.start(f, (flow, at) -> finished.add(new Finish(flow, at)))));
        bed.sim.run();
        return finished;
    }

    /** Each verb carries the flow from h1 to h2 and finishes when the last byte is there; control() is the sender's DCQCN rate. */
    @Test
    void eachVerbCarriesAFlowToItsDestination() {
        for (Verb verb : Verb.values()) {
            List<FlowProgress> progress = new ArrayList<>();
            RoceBed[] bed = new RoceBed[1];
            List<Finish> finished = run(verb, progress, bed);
            assertThat(finished).as(verb.name()).singleElement().satisfies(fin -> assertThat(fin.at).isPositive());
            FlowProgress p = progress.getFirst();
            assertThat(p.deliveredBytes()).isEqualTo(300_000);
            assertThat(p.controlUnit()).isEqualTo("bps");
            assertThat(p.control()).isEqualTo(10e9);
            assertThat(p.retransmissions()).isZero();
            RoceOpcode expected = switch (verb) {
                case WRITE -> RoceOpcode.RC_RDMA_WRITE_FIRST;
                case SEND -> RoceOpcode.RC_SEND_FIRST;
                case READ -> RoceOpcode.RC_RDMA_READ_RESPONSE_FIRST;
            };
            assertThat(bed[0].seen(f -> f.opcode == expected)).as(verb.name()).hasSize(1);
            if (verb == Verb.READ) {
                // the destination reads: the request goes from h2 to h1, the data from h1 to h2
                assertThat(bed[0].seen(f -> f.opcode == RoceOpcode.RC_RDMA_READ_REQUEST)).singleElement()
                        .satisfies(r -> assertThat(r.sourceIp).isEqualTo(bed[0].h2.ip()));
            }
        }
    }
}
