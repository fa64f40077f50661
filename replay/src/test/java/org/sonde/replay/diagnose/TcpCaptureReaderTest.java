package org.sonde.replay.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.TimestampResolution;
import org.sonde.packet.EthernetHeader;
import org.sonde.packet.ImmutableBytes;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Header;
import org.sonde.packet.MacAddress;
import org.sonde.packet.Packet;
import org.sonde.packet.TcpHeader;
import org.sonde.packet.TcpOption;

/**
 * The reader's TCP option walk against the packet module's encoder: options in any order and mix (padding, unknown
 * kinds, each known kind at most once) come back as the diagnosis needs them (window scale, SACK blocks, TSval and
 * TSecr); a header whose options are cut short or carry an impossible length still gives its packet, with the options
 * before the damage.
 */
class TcpCaptureReaderTest {
    private static final int MAX_OPTION_BYTES = 40;

    /** One option of each kind at most, in random order, padded with NOPs to the 4-byte header words. */
    private static List<TcpOption> randomOptions(Random r) {
        List<TcpOption> pool = new ArrayList<>();
        if (r.nextBoolean()) pool.add(new TcpOption.MaximumSegmentSize(r.nextInt(65536)));
        if (r.nextBoolean()) pool.add(new TcpOption.WindowScale(r.nextInt(15)));
        if (r.nextBoolean()) pool.add(new TcpOption.SackPermitted());
        if (r.nextBoolean()) pool.add(new TcpOption.Timestamps(r.nextLong(1L << 32), r.nextLong(1L << 32)));
        if (r.nextBoolean()) {
            List<TcpOption.SackBlock> blocks = new ArrayList<>();
            for (int i = 1 + r.nextInt(4); i > 0; i--) blocks.add(new TcpOption.SackBlock(r.nextLong(1L << 32), r.nextLong(1L << 32)));
            pool.add(new TcpOption.Sack(blocks));
        }
        if (r.nextBoolean()) {
            byte[] data = new byte[r.nextInt(5)];
            r.nextBytes(data);
            pool.add(new TcpOption.Unknown(30 + r.nextInt(200), ImmutableBytes.of(data)));
        }
        Collections.shuffle(pool, r);
        List<TcpOption> options = new ArrayList<>();
        int bytes = 0;
        for (TcpOption o : pool) {
            if (r.nextInt(3) == 0 && bytes < MAX_OPTION_BYTES) {
                options.add(new TcpOption.NoOperation());
                bytes++;
            }
            if (bytes + o.length() > MAX_OPTION_BYTES) continue;
            options.add(o);
            bytes += o.length();
        }
        while (bytes % 4 != 0) {
            options.add(new TcpOption.NoOperation());
            bytes++;
        }
        return options;
    }

    private static byte[] frame(List<TcpOption> options) {
        return Packet.builder()
                .add(EthernetHeader.of(new MacAddress(2), new MacAddress(1)),
                        Ipv4Header.builder(Ipv4Address.parse("10.0.0.1"), Ipv4Address.parse("10.0.0.2")).identification(7).build(),
                        TcpHeader.builder(40000, 80).sequenceNumber(1000).acknowledgmentNumber(2000).flags(TcpPacket.ACK).window(512)
                                .options(options).build())
                .payload(new byte[100])
                .build().encode();
    }

    private static List<TcpPacket> read(Path dir, byte[]... frames) throws IOException {
        Path file = Files.createTempFile(dir, "tcp", ".pcap");
        try (CaptureWriter w = CaptureWriter.pcap(file, LinkTypes.ETHERNET, 65535, TimestampResolution.NANOS)) {
            for (int i = 0; i < frames.length; i++) w.write(1_000L * (i + 1), frames[i], 0, frames[i].length);
        }
        List<TcpPacket> packets = new ArrayList<>();
        new TcpCaptureReader().read(file, packets::add);
        Files.delete(file);
        return packets;
    }

    @Property(tries = 300)
    void everyOptionTheDiagnosisUsesIsReadWhereverItSits(@ForAll long seed) throws IOException {
        Random r = new Random(seed);
        List<TcpOption> options = randomOptions(r);
        Path dir = Files.createTempDirectory("tcp-options");
        try {
            List<TcpPacket> read = read(dir, frame(options));
            assertThat(read).hasSize(1);
            TcpPacket p = read.getFirst();
            assertThat(p.payloadBytes()).isEqualTo(100);
            assertThat(p.seq()).isEqualTo(1000);
            assertThat(p.ack()).isEqualTo(2000);
            int windowScale = -1;
            long tsVal = -1, tsEcr = -1;
            List<Long> sack = new ArrayList<>();
            for (TcpOption o : options) {
                switch (o) {
                    case TcpOption.WindowScale ws -> windowScale = ws.shiftCount();
                    case TcpOption.Timestamps ts -> {
                        tsVal = ts.value();
                        tsEcr = ts.echoReply();
                    }
                    case TcpOption.Sack s -> s.blocks().forEach(b -> {
                        sack.add(b.leftEdge());
                        sack.add(b.rightEdge());
                    });
                    default -> {
                    }
                }
            }
            assertThat(p.windowScale()).as("window scale in %s", options).isEqualTo(windowScale);
            assertThat(p.tsVal()).as("TSval in %s", options).isEqualTo(tsVal);
            assertThat(p.tsEcr()).as("TSecr in %s", options).isEqualTo(tsEcr);
            assertThat(p.hasTimestamps()).isEqualTo(tsVal >= 0);
            assertThat(p.sackBlocks()).as("SACK in %s", options).containsExactly(sack.stream().mapToLong(Long::longValue).toArray());
        } finally {
            Files.delete(dir);
        }
    }

    /**
     * An option whose length runs past the header: the frame's TCP header is malformed, so the packet is not taken
     * with half its options but skipped and counted as undecodable, and the next packet is read.
     */
    @Property(tries = 50)
    void anOptionRunningPastTheHeaderSkipsItsPacketAndCountsIt(@ForAll @IntRange(min = 13, max = 255) int sackLength) throws IOException {
        List<TcpOption> options = List.of(new TcpOption.Timestamps(123_456, 654_321), new TcpOption.NoOperation(), new TcpOption.NoOperation(),
                new TcpOption.Sack(List.of(new TcpOption.SackBlock(5000, 6000))), new TcpOption.NoOperation(), new TcpOption.NoOperation());
        byte[] damaged = frame(options);
        damaged[14 + 20 + 20 + 12 + 1] = (byte) sackLength; // the SACK option's length: 10, the 12 bytes left fit; 13 and more overrun
        Path dir = Files.createTempDirectory("tcp-options");
        try {
            Path file = dir.resolve("damaged.pcap");
            byte[] intact = frame(options);
            try (CaptureWriter w = CaptureWriter.pcap(file, LinkTypes.ETHERNET, 65535, TimestampResolution.NANOS)) {
                w.write(1_000, damaged, 0, damaged.length);
                w.write(2_000, intact, 0, intact.length);
            }
            List<TcpPacket> packets = new ArrayList<>();
            CaptureTotals totals = new TcpCaptureReader().read(file, packets::add);
            assertThat(packets).singleElement().satisfies(p -> {
                assertThat(p.frame()).isEqualTo(2);
                assertThat(p.tsVal()).isEqualTo(123_456);
                assertThat(p.sackBlocks()).containsExactly(5000, 6000);
            });
            assertThat(totals.undecodable()).isEqualTo(1);
            Files.delete(file);
        } finally {
            Files.delete(dir);
        }
    }
}
