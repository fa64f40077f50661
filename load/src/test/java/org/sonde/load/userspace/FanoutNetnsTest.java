package org.sonde.load.userspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.netio.Fanout;
import org.sonde.netio.NetNamespace;
import org.sonde.netio.PacketSocket;

/**
 * The kernel's packet fanout on a real veth link: frames sent from namespace a reach a fanout
 * group in namespace b, and each frame's member is compared with what Java computes. Every
 * frame carries its number in the TCP sequence field.
 */
@Tag("netns")
class FanoutNetnsTest {
    private static final byte[] MAC_A = {2, 0, 0, 0, 0, 1};
    private static final byte[] MAC_B = {2, 0, 0, 0, 0, 2};
    private static final int LISTEN = 80;

    /** A frame sent: its addresses and ports (the number is its index). */
    private record Sent(int srcIp, int dstIp, int srcPort, int dstPort, boolean v6) {
        Sent(int srcIp, int dstIp, int srcPort, int dstPort) {
            this(srcIp, dstIp, srcPort, dstPort, false);
        }
    }

    /** IPv6 frames' address prefixes: the hash takes only the low 32 bits, so any will do. */
    private static final byte[] HIGH_A = {(byte) 0xfd, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    private static final byte[] HIGH_B = {(byte) 0xfd, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2};

    @Test
    void bothDirectionsOfEveryConnectionReachTheMemberJavaComputesAndTheRestReachMemberZero() {
        long seed = System.nanoTime();
        Random r = new Random(seed);
        List<Sent> frames = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            int client = 0x0a010000 | r.nextInt(1 << 16);
            int server = 0x0a000000 | r.nextInt(1 << 16);
            int port = 1 + r.nextInt(65535);
            boolean v6 = i % 2 == 1; // IPv4 and IPv6 connections alike
            frames.add(new Sent(client, server, port, LISTEN, v6)); // to the server
            frames.add(new Sent(server, client, LISTEN, port, v6)); // its answer
        }
        for (int i = 0; i < 50; i++) {
            // neither port is the listen port: not a connection of the engine
            frames.add(new Sent(r.nextInt(), r.nextInt(), 81 + r.nextInt(1000), 81 + r.nextInt(1000), i % 2 == 1));
        }
        try (Testbed bed = Testbed.create("fo")) {
            // one member is a lone socket (no fanout): it still gets every frame
            for (int members : new int[] {1, 2, 3}) {
                Map<Integer, Integer> arrivedAt = exchange(bed, members, new Fanout.Program(FlowHash.program(LISTEN)), frames);
                assertThat(arrivedAt).as("seed %d: every frame arrived once", seed).hasSize(frames.size());
                int[] perMember = new int[members];
                for (int i = 0; i < frames.size(); i++) {
                    Sent s = frames.get(i);
                    boolean engine = s.srcPort() == LISTEN || s.dstPort() == LISTEN;
                    int expected = engine ? FlowHash.worker(s.srcIp(), s.dstIp(), s.srcPort(), s.dstPort(), members) : 0;
                    assertThat(arrivedAt.get(i)).as("seed %d, %d members, frame %d %s", seed, members, i, s).isEqualTo(expected);
                    if (engine) perMember[expected]++;
                }
                // the hash spreads connections: every member gets a fair part of 600 frames
                for (int m = 0; m < members; m++) assertThat(perMember[m]).as("seed %d, member %d of %d", seed, m, members).isGreaterThan(600 / members / 2);
            }
        }
    }

    @Test
    void theKernelsOwnFlowHashIsSymmetricToo() {
        long seed = System.nanoTime();
        Random r = new Random(seed);
        List<Sent> frames = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            Sent s = new Sent(r.nextInt(), r.nextInt(), 1 + r.nextInt(65535), 1 + r.nextInt(65535));
            frames.add(s);
            frames.add(new Sent(s.dstIp(), s.srcIp(), s.dstPort(), s.srcPort()));
        }
        try (Testbed bed = Testbed.create("fk")) {
            Map<Integer, Integer> arrivedAt = exchange(bed, 2, new Fanout.KernelHash(), frames);
            assertThat(arrivedAt).hasSize(frames.size());
            int atZero = 0;
            for (int i = 0; i < frames.size(); i += 2) {
                assertThat(arrivedAt.get(i + 1)).as("seed %d, frame %d and its reverse", seed, i).isEqualTo(arrivedAt.get(i));
                if (arrivedAt.get(i) == 0) atZero++;
            }
            assertThat(atZero).isBetween(40, 160);
        }
    }

    /** Sends the frames from a to b and returns, for each frame's number, the member of b's group it reached. */
    private static Map<Integer, Integer> exchange(Testbed bed, int members, Fanout fanout, List<Sent> frames) {
        List<PacketSocket> group = NetNamespace.call(bed.pair.namespaceB, () -> PacketSocket.openGroup(bed.pair.interfaceB, members, fanout));
        Map<Integer, Integer> arrivedAt = new HashMap<>();
        try (PacketSocket sender = NetNamespace.call(bed.pair.namespaceA, () -> PacketSocket.open(bed.pair.interfaceA)); Arena a = Arena.ofConfined()) {
            MemorySegment f = a.allocate(Stack.FRAME_BYTES);
            for (int i = 0; i < frames.size(); i++) {
                Sent s = frames.get(i);
                byte[] srcHigh = s.v6() ? (i % 2 == 0 ? HIGH_A : HIGH_B) : null;
                byte[] dstHigh = s.v6() ? (i % 2 == 0 ? HIGH_B : HIGH_A) : null;
                int n = Frames.tcp(f, MAC_B, MAC_A, s.srcIp(), s.dstIp(), srcHigh, dstHigh, s.srcPort(), s.dstPort(), i, 0, Frames.ACK, 0, 0, Frames.MSS);
                while (!sender.send(f, n)) Thread.onSpinWait();
                if (i % 64 == 63) {
                    sender.flush();
                    receive(group, arrivedAt); // keep b's rings from filling
                }
            }
            sender.flush();
            long end = System.nanoTime() + 5_000_000_000L;
            while (arrivedAt.size() < frames.size() && System.nanoTime() < end) {
                if (!receive(group, arrivedAt)) group.getFirst().awaitReadable(10);
            }
            receive(group, arrivedAt);
        } finally {
            group.forEach(PacketSocket::close);
        }
        return arrivedAt;
    }

    private static boolean receive(List<PacketSocket> group, Map<Integer, Integer> arrivedAt) {
        boolean any = false;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment rx = a.allocate(Stack.FRAME_BYTES);
            for (int m = 0; m < group.size(); m++) {
                int len;
                while ((len = group.get(m).receive(rx)) > 0) {
                    any = true;
                    if (!Frames.isTcp(rx, len) || Frames.dstPort(rx) == 0) continue; // IPv6 router solicitations and the like
                    Integer before = arrivedAt.put(Frames.seq(rx), m);
                    assertThat(before).as("frame %d arrived twice", Frames.seq(rx)).isNull();
                }
            }
        }
        return any;
    }
}
