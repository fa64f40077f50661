package org.sonde.packet;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/**
 * jqwik arbitraries of every header record with random field values. Fields are drawn with a bias
 * to their extremes (0 and all ones), where encoders most often go wrong.
 */
final class RandomHeaders {
    private RandomHeaders() {}

    static <T> Arbitrary<T> of(Function<Random, T> generator) {
        return Arbitraries.randomValue(generator);
    }

    /** A value of {@code n} bits: 0 or all ones one time in five each, otherwise uniform. */
    static int bits(Random r, int n) {
        int max = n == 32 ? -1 : (1 << n) - 1;
        return switch (r.nextInt(10)) {
            case 0 -> 0;
            case 1 -> max;
            default -> n == 32 ? r.nextInt() : r.nextInt(max + 1);
        };
    }

    static long u32(Random r) {
        return bits(r, 32) & 0xFFFF_FFFFL;
    }

    static long u64(Random r) {
        return switch (r.nextInt(10)) {
            case 0 -> 0;
            case 1 -> -1;
            default -> r.nextLong();
        };
    }

    static ImmutableBytes bytes(Random r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return ImmutableBytes.of(b);
    }

    static EthernetHeader ethernet(Random r) {
        return new EthernetHeader(new MacAddress(u64(r) & 0xFFFF_FFFF_FFFFL), new MacAddress(u64(r) >>> 16), bits(r, 16));
    }

    static VlanTag vlan(Random r) {
        return new VlanTag(bits(r, 3), r.nextBoolean(), bits(r, 12), bits(r, 16));
    }

    static Ipv4Header ipv4(Random r) {
        return new Ipv4Header(bits(r, 6), bits(r, 2), 60 + r.nextInt(65536 - 60), bits(r, 16), bits(r, 3), bits(r, 13),
                bits(r, 8), bits(r, 8), bits(r, 16), new Ipv4Address(bits(r, 32)), new Ipv4Address(bits(r, 32)),
                bytes(r, 4 * r.nextInt(11)));
    }

    static Ipv6Header ipv6(Random r) {
        return new Ipv6Header(bits(r, 8), bits(r, 20), bits(r, 16), bits(r, 8), bits(r, 8),
                new Ipv6Address(u64(r), u64(r)), new Ipv6Address(u64(r), u64(r)));
    }

    static Ipv6ExtensionHeader ipv6Extension(Random r) {
        int[] types = {IpProtocols.HOP_BY_HOP, IpProtocols.ROUTING, IpProtocols.DESTINATION_OPTIONS, IpProtocols.AUTHENTICATION_HEADER};
        int type = types[r.nextInt(types.length)];
        int len = type == IpProtocols.AUTHENTICATION_HEADER ? 4 * (2 + r.nextInt(256)) : 8 * (1 + r.nextInt(256));
        return new Ipv6ExtensionHeader(type, bits(r, 8), bytes(r, len - 2));
    }

    static Ipv6FragmentHeader ipv6Fragment(Random r) {
        return new Ipv6FragmentHeader(bits(r, 8), bits(r, 8), bits(r, 13), bits(r, 2), r.nextBoolean(), u32(r));
    }

    static IcmpHeader icmp(Random r) {
        return new IcmpHeader(bits(r, 8), bits(r, 8), bits(r, 16), bits(r, 32));
    }

    static UdpHeader udp(Random r) {
        return new UdpHeader(bits(r, 16), bits(r, 16), 8 + r.nextInt(65536 - 8), bits(r, 16));
    }

    static TcpOption tcpOption(Random r) {
        return switch (r.nextInt(8)) {
            case 0 -> new TcpOption.NoOperation();
            case 1 -> new TcpOption.MaximumSegmentSize(bits(r, 16));
            case 2 -> new TcpOption.WindowScale(bits(r, 8));
            case 3 -> new TcpOption.SackPermitted();
            case 4 -> {
                List<TcpOption.SackBlock> blocks = new ArrayList<>();
                for (int i = r.nextInt(4); i >= 0; i--) blocks.add(new TcpOption.SackBlock(u32(r), u32(r)));
                yield new TcpOption.Sack(blocks);
            }
            case 5 -> new TcpOption.Timestamps(u32(r), u32(r));
            default -> {
                int kind;
                do {
                    kind = 6 + r.nextInt(250);
                } while (kind == TcpOption.KIND_TIMESTAMPS);
                yield new TcpOption.Unknown(kind, bytes(r, r.nextInt(12)));
            }
        };
    }

    /** Random options that fill the option space exactly (NOPs to a multiple of 4, or a final EOL with padding). */
    static List<TcpOption> tcpOptions(Random r) {
        List<TcpOption> options = new ArrayList<>();
        int n = r.nextInt(5);
        for (int i = 0; i < n; i++) {
            TcpOption o = tcpOption(r);
            if (TcpOption.totalLength(options) + o.length() <= TcpOption.MAX_SPACE - 4) options.add(o);
        }
        int used = TcpOption.totalLength(options);
        int room = (used + 3) / 4 * 4 - used;
        if (r.nextBoolean()) {
            for (int i = 0; i < room; i++) options.add(new TcpOption.NoOperation());
        } else {
            options.add(new TcpOption.EndOfOptionList(bytes(r, room == 0 ? 3 : room - 1)));
        }
        return options;
    }

    static TcpHeader tcp(Random r) {
        List<TcpOption> options = tcpOptions(r);
        return new TcpHeader(bits(r, 16), bits(r, 16), u32(r), u32(r), 5 + TcpOption.totalLength(options) / 4, bits(r, 3),
                bits(r, 9), bits(r, 16), bits(r, 16), bits(r, 16), options);
    }

    static VxlanHeader vxlan(Random r) {
        return new VxlanHeader(bits(r, 8), bits(r, 24), bits(r, 24), bits(r, 8));
    }

    static Bth bth(Random r) {
        return new Bth(bits(r, 8), r.nextBoolean(), r.nextBoolean(), bits(r, 2), bits(r, 4), bits(r, 16), r.nextBoolean(),
                r.nextBoolean(), bits(r, 6), bits(r, 24), r.nextBoolean(), bits(r, 7), bits(r, 24));
    }

    static Header roceExtension(Random r) {
        return switch (RoceExtensionHeader.values()[r.nextInt(RoceExtensionHeader.values().length)]) {
            case RDETH -> new Rdeth(bits(r, 8), bits(r, 24));
            case DETH -> new Deth(bits(r, 32), bits(r, 8), bits(r, 24));
            case RETH -> new Reth(u64(r), bits(r, 32), u32(r));
            case AETH -> new Aeth(bits(r, 8), bits(r, 24));
            case ATOMIC_ETH -> new AtomicEth(u64(r), bits(r, 32), u64(r), u64(r));
            case ATOMIC_ACK_ETH -> new AtomicAckEth(u64(r));
            case IMMDT -> new ImmDt(bits(r, 32));
            case IETH -> new Ieth(bits(r, 32));
            case CNP_PAYLOAD -> new CnpPayload(bytes(r, CnpPayload.LENGTH));
        };
    }
}
