package org.sonde.atpg.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.model.Examples;
import org.sonde.dataplane.reach.Model;
import org.sonde.atpg.Cover;
import org.sonde.atpg.SelectOptions;
import org.sonde.atpg.Selector;
import org.sonde.atpg.Suite;
import org.sonde.atpg.SuiteFiles;
import org.sonde.atpg.TestPacket;

/** How the receiver tells tests apart and which headers Linux will not forward, on the suite's own frames and on damaged ones. */
class FramesTest {
    static final Suite SUITE = Selector.select(Model.of(Examples.threeSwitchWithAcls()),
            SelectOptions.of(java.util.List.of(Examples.PA, Examples.AB, Examples.AC, Examples.PB, Examples.BA, Examples.BC, Examples.PC,
                    Examples.CA, Examples.CB), Cover.RULES));

    static byte[] frame(TestPacket t) {
        return SuiteFiles.frame(t, Examples.threeSwitchWithAcls()).encode();
    }

    @Test
    void everyFrameCarriesItsTestIdAndOnlyZeroDestinationsAreMartian() {
        java.util.List<TestPacket> all = new java.util.ArrayList<>(SUITE.tests());
        all.addAll(SUITE.reserved());
        assertThat(all).allSatisfy(t -> assertThat(LiveRun.payloadId(frame(t))).isEqualTo(t.id()));
        assertThat(all).allSatisfy(t -> {
            String why = LiveRun.martian(frame(t));
            if (t.header().get("ip_dst") >>> 24 == 0) assertThat(why).contains("destination 0.");
            else assertThat(why).isNull();
        });
        assertThat(all).anySatisfy(t -> assertThat(t.header().get("ip_dst")).isZero());
    }

    @Test
    void damagedFramesGiveNoIdAndNeverThrow() {
        byte[] good = frame(SUITE.tests().getFirst());
        for (int n = 0; n < good.length; n++) {
            byte[] cut = Arrays.copyOf(good, n);
            assertThat(LiveRun.payloadId(cut)).as("cut to " + n).isNotEqualTo(SUITE.tests().getFirst().id());
            LiveRun.martian(cut);
        }
        Random r = new Random(1);
        for (int i = 0; i < 10_000; i++) {
            byte[] f = Arrays.copyOf(good, 1 + r.nextInt(good.length + 40));
            for (int k = 0; k < 4; k++) f[r.nextInt(f.length)] = (byte) r.nextInt(256);
            LiveRun.payloadId(f);
            LiveRun.martian(f);
        }
        // an ICMP error quoting the test frame is not the test arriving
        byte[] icmp = good.clone();
        icmp[14 + 9] = 1;
        assertThat(LiveRun.payloadId(icmp)).isNull();
    }

    /** A test into VLAN example's port {@code ingress} with header VLAN {@code vlan}, sent to 10.12.0.1. */
    private static TestPacket vlanTest(int ingress, long vlan) {
        return new TestPacket("v" + ingress + "-" + vlan, ingress, java.util.Map.of("vlan", vlan, "ip_dst", 0x0a0c0001L, "tp_dst", 9L),
                java.util.Map.of(), java.util.Map.of(), java.util.List.of(), java.util.List.of(), java.util.List.of(), java.util.List.of());
    }

    /** The VLAN a frame carries on the wire: its 802.1Q tag's id, or -1 untagged. */
    private static int tag(byte[] f) {
        return (f[12] & 0xff) == 0x81 && f[13] == 0 ? (f[14] & 0x0f) << 8 | f[15] & 0xff : -1;
    }

    /** Into an access port its own VLAN goes untagged, another tagged (which the port then drops); a trunk tags all but its native VLAN. */
    @Test
    void framesEnterVlanPortsTaggedAsTheirMembershipHasIt() {
        org.sonde.dataplane.model.Network n = VlanExample.network();
        Wiring w = new Wiring(n);
        java.util.function.BiFunction<Integer, Long, LiveRun.Wire> wire = (port, vlan) -> {
            TestPacket t = vlanTest(port, vlan);
            return LiveRun.onTheWire(SuiteFiles.frame(t, n).encode(), t, w);
        };
        assertThat(tag(wire.apply(VlanExample.H10, 10L).frame())).isEqualTo(-1);
        assertThat(tag(wire.apply(VlanExample.H10, 20L).frame())).isEqualTo(20);
        assertThat(tag(wire.apply(VlanExample.DR, 40L).frame())).isEqualTo(40);
        assertThat(tag(wire.apply(VlanExample.DR, 10L).frame())).isEqualTo(10);
        // the trunk's native VLAN 1 goes untagged (and is dropped there: the trunk does not allow it)
        assertThat(tag(wire.apply(VlanExample.DR, 1L).frame())).isEqualTo(-1);
        // a port without membership takes no tag: Linux would not route the frame
        LiveRun.Wire up = wire.apply(VlanExample.UP, 20L);
        assertThat(tag(up.frame())).isEqualTo(-1);
        assertThat(up.notSent()).isNull();
        // the frame is the same packet, its test id intact
        assertThat(LiveRun.payloadId(wire.apply(VlanExample.DR, 40L).frame())).isEqualTo("v11-40");
        assertThat(LiveRun.payloadId(up.frame())).isEqualTo("v4-20");
        // VLAN 0 and 4095 are no VLANs a tag carries
        assertThat(wire.apply(VlanExample.H10, 0L).notSent()).contains("not one an 802.1Q tag carries");
        assertThat(wire.apply(VlanExample.RD, 4095L).notSent()).contains("not one an 802.1Q tag carries");
    }

    /** What a path cannot hold live, named as the path names it: a rule's id, an ACL entry's id whatever its ACL's id holds. */
    @Test
    void unbuiltRulesAndEntriesAreNamedAsPathsNameThem() {
        var unexpressed = java.util.List.of(new Unexpressed("rule:bbra_rtr_route.txt#248", "x"), new Unexpressed("acl:yoza_rtr:174@vlan74#2", "x"),
                new Unexpressed("acl:r:5#3@goza_rtr", "x"), new Unexpressed("field:tcp_ctrl", "x"), new Unexpressed("macTable:R", "x"));
        assertThat(LiveRun.unbuilt(unexpressed)).containsExactlyInAnyOrder("bbra_rtr_route.txt#248", "acl:yoza_rtr:174@vlan74#2", "acl:r:5#3");
    }
}
