package org.sonde.packet;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The hot path promise: dissecting and reading fields allocates nothing once the view is warm. */
class PacketViewAllocationTest {

    @Test
    void dissectAndAccessorsDoNotAllocateInSteadyState() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean,
                "needs HotSpot's per-thread allocation counter");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported(), "per-thread allocation counter unsupported");
        threads.setThreadAllocatedMemoryEnabled(true);

        byte[][] frames = SampleFrames.all().stream().map(Packet::encode).toArray(byte[][]::new);
        PacketView view = new PacketView();
        long sink = run(view, frames, 2_000); // creates the inner view and CRC32 once
        long before = threads.getCurrentThreadAllocatedBytes();
        sink += run(view, frames, 20_000);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(sink).isNotZero();
        // One object per dissection would be at least 16 bytes each; the bound leaves room for the
        // few hundred bytes the JIT and the counter itself allocate.
        int dissections = 20_000 * frames.length;
        assertThat(allocated).as("bytes allocated by %d dissections", dissections).isLessThan(dissections / 8);
    }

    private static long run(PacketView view, byte[][] frames, int rounds) {
        long sink = 0;
        for (int r = 0; r < rounds; r++) {
            for (byte[] f : frames) {
                view.dissect(f, 0, f.length);
                sink += view.bthPsn() + view.payloadLength() + view.srcPort() + view.vlanId(0) + view.tcpSeq() + view.immDt();
                if (view.isVxlan()) sink += view.inner().bthDestQp() + (view.inner().roceIcrcValid() ? 1 : 0);
                if (view.isRoce()) sink += (view.roceIcrcValid() ? 1 : 0) + view.aethSyndrome() + view.rethDmaLength();
                if (view.isIpv4()) sink += (view.ipv4ChecksumValid() ? 1 : 0) + view.ipv4Src();
                sink += view.l4ChecksumValid() ? 1 : 0;
            }
        }
        return sink;
    }
}
