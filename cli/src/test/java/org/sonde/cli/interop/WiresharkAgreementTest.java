package org.sonde.cli.interop;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.TimestampResolution;
import org.sonde.packet.AtomicEth;
import org.sonde.packet.Bth;
import org.sonde.packet.Icrc;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv6Address;
import org.sonde.packet.Packet;
import org.sonde.packet.PacketView;
import org.sonde.packet.RoceExtensionHeader;
import org.sonde.packet.RoceOpcode;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Wireshark agrees": for every header kind Sonde writes, a few hundred frames with random field
 * values are written with {@link CaptureWriter} (as pcap with nanosecond timestamps and as pcapng),
 * dissected by tshark, and every field tshark decodes is compared with what was written (the header
 * records after {@link org.sonde.packet.PacketBuilder}) and with what {@link PacketView} reads from
 * the same bytes. Frame count, lengths and nanosecond timestamps are compared too.
 *
 * <p>Where tshark 4.0 falls short, the comparison makes a named exception ({@link Quirk}), counted
 * per run; nothing else is loosened. Each field must have been compared a minimum number of times,
 * so the test cannot pass by comparing nothing.
 *
 * <p>tshark does <em>not</em> verify the RoCEv2 ICRC (no version does): it only shows the 4 trailer
 * bytes. Comparing them with the value {@link PacketView#roceIcrc()} reads checks that both find the
 * trailer at the same place; whether the value is right is checked against a NIC's ICRC by the
 * packet module's IcrcTest.
 *
 * <p>The seed is random per run and printed with every failure; {@code -Dsonde.seed=N} repeats a run.
 */
@RequiresTshark
class WiresharkAgreementTest {
    private static final long SEED = Long.getLong("sonde.seed", new SecureRandom().nextLong());
    private static final int PACKETS_PER_KIND = 300;
    /** Each RoCE opcode (and the CNP) this many times. */
    private static final int PACKETS_PER_OPCODE = 10;
    /** Least number of values compared per field (and per view check) in a kind's run, both formats together. */
    private static final int MIN_COMPARISONS = 20;
    private static final List<String> FIELDS = List.copyOf(ExpectedFields.FIELDS.keySet());
    /** Fields only RD frames have, whose values {@link Quirk#RD_HEADERS_MISPLACED} leaves uncompared; elsewhere they must be absent. */
    private static final Set<String> RD_ONLY_FIELDS = Set.of("infiniband.rdeth.eecnxt");
    /** Not compared: read to recognise a heuristic dissector's claim ({@link Quirk#PAYLOAD_CLAIMED_BY_HEURISTIC}). */
    private static final String PROTOCOLS = "frame.protocols";

    private static final Map<String, String> PREFERENCES = new TreeMap<>(Tshark.VERIFY_CHECKSUMS);

    static {
        PREFERENCES.put("tcp.relative_sequence_numbers", "FALSE"); // SACK edges as written, not relative
    }

    /** A header kind: how its frames are made, and the fields (by prefix) it must cover. */
    enum Kind {
        VLANS(f -> RandomFrames.of(PACKETS_PER_KIND, f::vlans), "eth.", "vlan.", "ieee8021ad.", "ieee8021ah.", "view vlan"),
        IPV4(f -> RandomFrames.of(PACKETS_PER_KIND, f::ipv4), "ip.", "view ip."),
        IPV6(f -> RandomFrames.of(PACKETS_PER_KIND, f::ipv6), "ipv6.", "view ipv6."),
        ICMP(f -> RandomFrames.of(PACKETS_PER_KIND, f::icmpEcho), "icmp.", "icmpv6.", "view icmp"),
        UDP(f -> RandomFrames.of(PACKETS_PER_KIND, f::udp), "udp.", "view udp."),
        TCP(f -> RandomFrames.of(PACKETS_PER_KIND, f::tcp), "tcp.", "view tcp."),
        VXLAN(f -> RandomFrames.of(PACKETS_PER_KIND, f::vxlan), "vxlan.", "view vxlan."),
        ROCE(WiresharkAgreementTest::roceFrames, "infiniband.", "view infiniband.");

        final Function<RandomFrames, List<Packet>> generate;
        final List<String> covers;

        Kind(Function<RandomFrames, List<Packet>> generate, String... covers) {
            this.generate = generate;
            this.covers = List.of(covers);
        }
    }

    /** Every opcode, RC, UC, RD, UD and the CNP, {@link #PACKETS_PER_OPCODE} times, interleaved. */
    private static List<Packet> roceFrames(RandomFrames f) {
        List<Packet> packets = new ArrayList<>();
        for (int i = 0; i < PACKETS_PER_OPCODE; i++) {
            for (RoceOpcode op : RoceOpcode.values()) packets.add(f.roce(op));
        }
        return packets;
    }

    /** Where tshark 4.0 and the wire formats part ways; each is applied explicitly and counted. */
    enum Quirk {
        /**
         * tshark 4.0 has no fields for the BTH's F (FECN) and B (BECN) bits: it shows them with the
         * six reserved bits after them as one byte, {@code infiniband.reserved}, compared as such.
         */
        NO_FECN_BECN_FIELDS,
        /** tshark 4.0 shows the AtomicETH's virtual address and R_Key under the RETH's field names. */
        ATOMIC_ETH_AS_RETH,
        /**
         * tshark 4.0 adds the ImmDt header and the value in it under one name, {@code infiniband.immdt},
         * and likewise the IETH and its R_Key: each value occurs twice.
         */
        IMMDT_IETH_TWICE,
        /**
         * tshark 4.0 knows the CNP as opcode 0x80, not 0x81 (RoCEv2 Annex A17.9.3): it dissects the
         * BTH, then shows the 16 reserved bytes and the ICRC as {@code infiniband.vendor}: once the
         * first 4 bytes (the "header sequence"), then all 20; compared instead of the ICRC field.
         */
        CNP_UNKNOWN_OPCODE,
        /**
         * tshark 4.0 misplaces the extended headers of RD packets: it reads the RDETH 8 bytes too far
         * on (as if a DETH came first), and no RDETH at all before an AETH, so everything after the
         * BTH is read from the wrong bytes. For RD frames only the BTH is compared. (UD agrees.)
         */
        RD_HEADERS_MISPLACED,
        /**
         * A heuristic sub-dissector on InfiniBand payloads (seen: RPC-over-RDMA, EoIB, FCoIB) claimed
         * the random payload: the payload may then add fields of its own after the frame's, and
         * RPC-over-RDMA, failing on it, leaves no ICRC. The frame's fields are compared as a prefix
         * of tshark's, the ICRC only if shown. At most one frame in ten may be claimed.
         */
        PAYLOAD_CLAIMED_BY_HEURISTIC
    }

    /** What tshark 4.0's infiniband.payload table holds ({@code tshark -G heuristic-decodes}), by protocol filter name. */
    private static final Set<String> INFINIBAND_HEURISTICS = Set.of("smc", "smb_direct", "rpcordma", "nvme-rdma", "lnet",
            "iser", "ethertype", "infiniband.eoib", "infiniband_sdp", "fcoib", "drbd");

    /** The two formats each kind is written in. */
    enum Format { PCAP_NANOSECONDS, PCAPNG }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void tsharkDecodesWhatWasWritten(Kind kind, Tshark tshark, @TempDir Path dir) {
        RandomFrames random = new RandomFrames(SEED + kind.ordinal());
        List<Packet> packets = kind.generate.apply(random);
        List<byte[]> frames = packets.stream().map(Packet::encode).toList();
        long[] timestamps = new long[frames.size()];
        for (int i = 0; i < timestamps.length; i++) timestamps[i] = random.timestampNanos();

        Tally tally = new Tally(kind);
        for (Format format : Format.values()) {
            Path file = dir.resolve(kind + (format == Format.PCAPNG ? ".pcapng" : ".pcap"));
            write(file, format, frames, timestamps);
            List<String> fields = new ArrayList<>(FIELDS);
            fields.add(PROTOCOLS);
            TsharkRows rows = tshark.fields(file, fields, PREFERENCES);
            assertThat(rows.size()).as("frames tshark read from %s (seed %d)", file.getFileName(), SEED).isEqualTo(frames.size());
            for (int i = 0; i < frames.size(); i++) {
                compareFrame(packets.get(i), frames.get(i), timestamps[i], rows, i, tally.at(format, i, rows));
            }
        }
        tally.assertAgreement();
    }

    private static void write(Path file, Format format, List<byte[]> frames, long[] timestamps) {
        try (CaptureWriter w = format == Format.PCAPNG
                ? CaptureWriter.pcapng(file, LinkTypes.ETHERNET, 65535)
                : CaptureWriter.pcap(file, LinkTypes.ETHERNET, 65535, TimestampResolution.NANOS)) {
            for (int i = 0; i < frames.size(); i++) w.write(timestamps[i], frames.get(i), 0, frames.get(i).length);
        }
    }

    /** Compares one frame: the records' fields with tshark's, then the view's. */
    private static void compareFrame(Packet packet, byte[] frame, long timestamp, TsharkRows rows, int row, Tally.Frame t) {
        ExpectedFields expected = ExpectedFields.of(packet);
        expected.put("frame.len", frame.length);
        expected.put("frame.cap_len", frame.length);
        expected.put("frame.time_epoch", timestamp);
        PacketView view = new PacketView();
        view.dissect(frame, 0, frame.length);

        Rules rules = applyQuirks(frame, view, expected, rows, row, t);
        for (String field : FIELDS) {
            t.check(field, expected.get(field), parsed(rows, row, field), rules.of(List.of(field)));
        }
        Map<String, List<Object>> viewed = viewFields(view, frame);
        VIEW_CHECKS.forEach((name, check) ->
                t.check("view " + name, viewed.getOrDefault(name, List.of()), check.actual.apply(rows, row), rules.of(check.fields)));
    }

    private static List<Object> parsed(TsharkRows rows, int row, String field) {
        return rows.occurrences(row, field).stream().map(s -> ExpectedFields.parse(field, s)).toList();
    }

    /** How a field is compared: all occurrences, the expected ones as a prefix of tshark's, or not at all. */
    enum Mode { EXACT, PREFIX, SKIP }

    /** The modes of one frame's fields: exact unless a quirk says otherwise. */
    private static final class Rules {
        private final Map<String, Mode> modes = new HashMap<>();
        private Mode others = Mode.EXACT;

        /** The loosest mode among the fields a comparison reads. */
        Mode of(List<String> fields) {
            Mode m = Mode.EXACT;
            for (String f : fields) {
                Mode fm = modes.getOrDefault(f, others);
                if (fm.compareTo(m) > 0) m = fm;
            }
            return m;
        }
    }

    /**
     * Applies the conditional quirks to one frame (and counts the unconditional ones, which
     * {@link ExpectedFields#of} applies); returns how each field is compared.
     */
    private static Rules applyQuirks(byte[] frame, PacketView view, ExpectedFields expected, TsharkRows rows, int row, Tally.Frame t) {
        Rules rules = new Rules();
        PacketView roce = roceLevel(view);
        if (roce == null) return rules;
        t.quirk(Quirk.NO_FECN_BECN_FIELDS);
        if (roce.hasImmDt() || roce.hasIeth()) t.quirk(Quirk.IMMDT_IETH_TWICE);
        RoceOpcode op = RoceOpcode.fromCode(roce.bthOpcode());
        if (op.atomicEthLength() > 0) t.quirk(Quirk.ATOMIC_ETH_AS_RETH);
        if (op == RoceOpcode.CNP) {
            t.quirk(Quirk.CNP_UNKNOWN_OPCODE);
            byte[] blob = Arrays.copyOfRange(frame, roce.bthOffset() + Bth.LENGTH, roce.icrcOffset() + Icrc.LENGTH);
            expected.remove("infiniband.invariant.crc");
            expected.put("infiniband.vendor", ExpectedFields.hex(Arrays.copyOf(blob, 4)));
            expected.put("infiniband.vendor", ExpectedFields.hex(blob));
        } else if (op.transport() == RoceOpcode.Transport.RD) {
            t.quirk(Quirk.RD_HEADERS_MISPLACED);
            for (String f : FIELDS) {
                if (f.startsWith("infiniband.") && !f.startsWith("infiniband.bth.")) rules.modes.put(f, Mode.SKIP);
            }
            // the BTH's F, B and reserved bits come first; what tshark reads as RDETH and DETH reserved bytes follows
            expected.keepFirst("infiniband.reserved");
            rules.modes.put("infiniband.reserved", Mode.PREFIX);
        } else if (claimedByHeuristic(rows, row)) {
            t.quirk(Quirk.PAYLOAD_CLAIMED_BY_HEURISTIC);
            rules.others = Mode.PREFIX;
            if (rows.occurrences(row, "infiniband.invariant.crc").isEmpty()) rules.modes.put("infiniband.invariant.crc", Mode.SKIP);
        }
        return rules;
    }

    /** True when tshark handed the InfiniBand payload to one of {@link #INFINIBAND_HEURISTICS}. */
    private static boolean claimedByHeuristic(TsharkRows rows, int row) {
        List<String> protocols = List.of(rows.innermost(row, PROTOCOLS).split(":"));
        int ib = protocols.lastIndexOf("infiniband");
        return ib >= 0 && ib + 1 < protocols.size() && INFINIBAND_HEURISTICS.contains(protocols.get(ib + 1));
    }

    /** The (outer or VXLAN-inner) level that carries RoCEv2, or null. */
    private static PacketView roceLevel(PacketView v) {
        for (; v != null; v = v.inner()) {
            if (v.isRoce()) return v;
        }
        return null;
    }

    // ---- what the view reads, against tshark

    /** How tshark shows what a view check compares: the fields involved and how to read them. */
    private record ViewCheck(List<String> fields, BiFunction<TsharkRows, Integer, List<Object>> actual) {
        static ViewCheck field(String field) {
            return new ViewCheck(List.of(field), (rows, row) -> parsed(rows, row, field));
        }

        static ViewCheck mapped(String field, Function<Long, Object> f) {
            return new ViewCheck(List.of(field), (rows, row) -> parsed(rows, row, field).stream().map(v -> f.apply((Long) v)).toList());
        }

        /** A checksum status read as "verified": good, or (UDP checksum 0) not present. */
        static ViewCheck verified(String field) {
            return mapped(field, status -> status == 1 || status == 3);
        }
    }

    private static final Map<String, ViewCheck> VIEW_CHECKS = new LinkedHashMap<>();

    static {
        // tshark lists 802.1ad tags apart from 802.1Q ones; the generator puts an 802.1ad tag only outermost
        VIEW_CHECKS.put("vlan ids", new ViewCheck(List.of("ieee8021ad.id", "vlan.id"), (rows, row) -> {
            List<Object> ids = new ArrayList<>(parsed(rows, row, "ieee8021ad.id"));
            ids.addAll(parsed(rows, row, "vlan.id"));
            return ids;
        }));
        for (String f : List.of("ip.src", "ip.dst", "ip.ttl", "ip.dsfield.dscp", "ip.dsfield.ecn", "ip.proto",
                "ipv6.src", "ipv6.dst", "ipv6.hlim", "ipv6.tclass",
                "icmp.type", "icmp.code", "icmpv6.type", "icmpv6.code",
                "udp.srcport", "udp.dstport", "tcp.srcport", "tcp.dstport", "tcp.seq_raw", "tcp.ack_raw",
                "tcp.window_size_value", "vxlan.vni",
                "infiniband.bth.opcode", "infiniband.bth.se", "infiniband.bth.m", "infiniband.bth.padcnt",
                "infiniband.bth.tver", "infiniband.bth.p_key", "infiniband.bth.destqp", "infiniband.bth.a",
                "infiniband.bth.psn", "infiniband.reth.va", "infiniband.reth.r_key", "infiniband.reth.dmalen",
                "infiniband.aeth.syndrome", "infiniband.aeth.msn", "infiniband.immdt", "infiniband.ieth")) {
            VIEW_CHECKS.put(f, ViewCheck.field(f));
        }
        VIEW_CHECKS.put("tcp.flags (9 bits)", ViewCheck.mapped("tcp.flags", v -> v & 0x1FF)); // the view has no reserved bits
        for (String p : List.of("ip", "udp", "tcp", "icmp", "icmpv6")) {
            VIEW_CHECKS.put(p + ".checksum verified", ViewCheck.verified(p + ".checksum.status"));
        }
        // Quirk NO_FECN_BECN_FIELDS: F and B are the top bits of the first "reserved" byte (RDETH and DETH have one too)
        VIEW_CHECKS.put("infiniband.bth F, B", new ViewCheck(List.of("infiniband.reserved"), (rows, row) ->
                rows.occurrences(row, "infiniband.reserved").stream().limit(1).map(s -> (Object) (Integer.parseInt(s, 16) >>> 6)).toList()));
        // Quirk CNP_UNKNOWN_OPCODE: a CNP's ICRC is the end of the vendor blob
        VIEW_CHECKS.put("infiniband.invariant.crc", new ViewCheck(List.of("infiniband.invariant.crc", "infiniband.vendor"), (rows, row) -> {
            List<Object> crcs = new ArrayList<>(parsed(rows, row, "infiniband.invariant.crc"));
            String blob = rows.innermost(row, "infiniband.vendor");
            if (blob.length() > 8) crcs.add(Long.parseLong(blob.substring(blob.length() - 8), 16));
            return crcs;
        }));
    }

    /** The view's reading of the frame, per view check, outer level first. */
    private static Map<String, List<Object>> viewFields(PacketView outer, byte[] frame) {
        Map<String, List<Object>> m = new LinkedHashMap<>();
        for (PacketView v = outer; v != null; v = v.inner()) {
            for (int i = 0; i < v.vlanCount(); i++) add(m, "vlan ids", (long) v.vlanId(i));
            if (v.isIpv4()) {
                add(m, "ip.src", Ipv4Address.parse(v.ipSrcString()));
                add(m, "ip.dst", Ipv4Address.parse(v.ipDstString()));
                add(m, "ip.ttl", (long) v.ipTtl());
                add(m, "ip.dsfield.dscp", (long) v.ipDscp());
                add(m, "ip.dsfield.ecn", (long) v.ipEcn());
                add(m, "ip.proto", (long) v.ipProtocol());
                add(m, "ip.checksum verified", v.ipv4ChecksumValid());
            } else if (v.isIpv6()) {
                add(m, "ipv6.src", Ipv6Address.parse(v.ipSrcString()));
                add(m, "ipv6.dst", Ipv6Address.parse(v.ipDstString()));
                add(m, "ipv6.hlim", (long) v.ipTtl());
                add(m, "ipv6.tclass", (long) (v.ipDscp() << 2 | v.ipEcn()));
            }
            // tshark keeps fragments for reassembly; the view reads a first fragment's transport header
            if (v.isFragment()) break;
            if (v.isTcp()) {
                add(m, "tcp.srcport", (long) v.srcPort());
                add(m, "tcp.dstport", (long) v.dstPort());
                add(m, "tcp.seq_raw", v.tcpSeq());
                add(m, "tcp.ack_raw", v.tcpAck());
                add(m, "tcp.flags (9 bits)", (long) v.tcpFlags());
                add(m, "tcp.window_size_value", (long) v.tcpWindow());
                add(m, "tcp.checksum verified", v.l4ChecksumValid());
            } else if (v.isUdp()) {
                add(m, "udp.srcport", (long) v.srcPort());
                add(m, "udp.dstport", (long) v.dstPort());
                add(m, "udp.checksum verified", v.l4ChecksumValid());
            } else if (v.isIcmp()) {
                String p = v.isIpv4() ? "icmp." : "icmpv6.";
                add(m, p + "type", (long) v.icmpType());
                add(m, p + "code", (long) v.icmpCode());
                add(m, p + "checksum verified", v.l4ChecksumValid());
            }
            if (v.isVxlan()) add(m, "vxlan.vni", (long) v.vxlanVni());
            if (v.isRoce()) roceViewFields(v, frame, m);
        }
        return m;
    }

    private static void roceViewFields(PacketView v, byte[] frame, Map<String, List<Object>> m) {
        add(m, "infiniband.bth.opcode", (long) v.bthOpcode());
        add(m, "infiniband.bth.se", v.bthSolicited() ? 1L : 0L);
        add(m, "infiniband.bth.m", v.bthMigReq() ? 1L : 0L);
        add(m, "infiniband.bth.padcnt", (long) v.bthPadCount());
        add(m, "infiniband.bth.tver", (long) v.bthTver());
        add(m, "infiniband.bth.p_key", (long) v.bthPkey());
        add(m, "infiniband.bth F, B", (v.bthFecn() ? 2 : 0) | (v.bthBecn() ? 1 : 0));
        add(m, "infiniband.bth.destqp", (long) v.bthDestQp());
        add(m, "infiniband.bth.a", v.bthAckReq() ? 1L : 0L);
        add(m, "infiniband.bth.psn", (long) v.bthPsn());
        if (v.hasReth()) {
            add(m, "infiniband.reth.va", v.rethVirtualAddress());
            add(m, "infiniband.reth.r_key", v.rethRkey() & 0xFFFF_FFFFL);
            add(m, "infiniband.reth.dmalen", v.rethDmaLength());
        }
        int atomic = v.roceHeaderOffset(RoceExtensionHeader.ATOMIC_ETH);
        if (atomic >= 0) { // Quirk ATOMIC_ETH_AS_RETH; the view has no AtomicETH accessors: decode at its offset
            AtomicEth a = AtomicEth.decode(frame, atomic, AtomicEth.LENGTH);
            add(m, "infiniband.reth.va", a.virtualAddress());
            add(m, "infiniband.reth.r_key", a.remoteKey() & 0xFFFF_FFFFL);
        }
        if (v.hasAeth()) {
            add(m, "infiniband.aeth.syndrome", (long) v.aethSyndrome());
            add(m, "infiniband.aeth.msn", (long) v.aethMsn());
        }
        if (v.hasImmDt()) { // Quirk IMMDT_IETH_TWICE
            add(m, "infiniband.immdt", ExpectedFields.hex32(v.immDt()));
            add(m, "infiniband.immdt", ExpectedFields.hex32(v.immDt()));
        }
        if (v.hasIeth()) { // Quirk IMMDT_IETH_TWICE
            add(m, "infiniband.ieth", ExpectedFields.hex32(v.iethRkey()));
            add(m, "infiniband.ieth", ExpectedFields.hex32(v.iethRkey()));
        }
        if (v.hasIcrc()) add(m, "infiniband.invariant.crc", Integer.reverseBytes(v.roceIcrc()) & 0xFFFF_FFFFL);
    }

    private static void add(Map<String, List<Object>> m, String check, Object value) {
        if (!VIEW_CHECKS.containsKey(check)) throw new IllegalArgumentException("no view check " + check);
        m.computeIfAbsent(check, k -> new ArrayList<>()).add(value);
    }

    // ---- bookkeeping

    /** Mismatches, values compared per field and quirks applied, for one kind. */
    private static final class Tally {
        private static final int MISMATCHES_SHOWN = 20;
        private final Kind kind;
        private final Map<String, Integer> compared = new TreeMap<>();
        private final Map<Quirk, Integer> quirks = new EnumMap<>(Quirk.class);
        private final List<String> mismatches = new ArrayList<>();
        private int mismatchCount;
        private int frames;

        Tally(Kind kind) {
            this.kind = kind;
        }

        /** The comparisons of one frame of one file. */
        Frame at(Format format, int row, TsharkRows rows) {
            frames++;
            return new Frame(format, row, rows);
        }

        final class Frame {
            private final Format format;
            private final int row;
            private final TsharkRows rows;

            Frame(Format format, int row, TsharkRows rows) {
                this.format = format;
                this.row = row;
                this.rows = rows;
            }

            /** Compares expected with actual occurrences as {@code mode} says, counting the values compared. */
            void check(String label, List<?> expected, List<?> actual, Mode mode) {
                if (mode == Mode.SKIP) return;
                compared.merge(label, expected.size(), Integer::sum);
                boolean agree = mode == Mode.PREFIX
                        ? actual.size() >= expected.size() && actual.subList(0, expected.size()).equals(expected)
                        : actual.equals(expected);
                if (agree) return;
                if (mismatchCount++ < MISMATCHES_SHOWN) {
                    mismatches.add(String.format("%s, %s: expected %s, tshark %s%n    %s", format, label, expected, actual, rows.describe(row)));
                }
            }

            void quirk(Quirk q) {
                quirks.merge(q, 1, Integer::sum);
            }
        }

        void assertAgreement() {
            String context = "kind " + kind + ", seed " + SEED + " (-Dsonde.seed=" + SEED + " repeats it)";
            assertThat(mismatches).as("%d disagreements with tshark %s; the first ones:%n%s", mismatchCount, context,
                    String.join("\n", mismatches)).isEmpty();
            Map<String, Integer> covered = new TreeMap<>();
            for (String f : FIELDS) {
                boolean mine = f.startsWith("frame.") || kind.covers.stream().anyMatch(f::startsWith);
                if (mine && !RD_ONLY_FIELDS.contains(f)) covered.put(f, compared.getOrDefault(f, 0));
            }
            compared.forEach((label, n) -> {
                if (label.startsWith("view ") && kind.covers.stream().anyMatch(label::startsWith)) covered.put(label, n);
            });
            assertThat(covered).as("values compared per field, %s; quirks applied %s", context, quirks)
                    .allSatisfy((field, n) -> assertThat(n).as(field).isGreaterThanOrEqualTo(MIN_COMPARISONS));
            assertThat(quirks.getOrDefault(Quirk.PAYLOAD_CLAIMED_BY_HEURISTIC, 0)).as("frames claimed by a heuristic, %s", context)
                    .isLessThanOrEqualTo(frames / 10);
        }
    }
}
