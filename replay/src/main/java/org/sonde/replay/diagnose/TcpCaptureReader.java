package org.sonde.replay.diagnose;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.sonde.capture.CaptureReader;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.PacketDirection;
import org.sonde.packet.DecodeException;
import org.sonde.packet.PacketView;

/**
 * Reads the TCP packets of a pcap or pcapng capture: Ethernet, raw IP (link types 101, 228, 229),
 * Linux cooked captures (SLL, SLL2) and BSD loopback. Frames that are not TCP over IP, or whose
 * headers are cut off, are counted and skipped.
 */
public final class TcpCaptureReader {
    private static final int ETHERNET_HEADER = 14;

    private final PacketView view = new PacketView();
    private byte[] scratch = new byte[2048];
    /** The array {@link #view} dissected: the record's own buffer or {@link #scratch}. */
    private byte[] frameArray;
    private long frames, tcp, notTcp, undecodable, unsupported;

    /** Told of each TCP packet with where it was captured. */
    @FunctionalInterface
    public interface Sink {
        /**
         * @param interfaceId the capture interface (0 in pcap)
         * @param direction   which way it crossed that interface, where the capture says
         */
        void accept(TcpPacket packet, int interfaceId, PacketDirection direction);
    }

    /** The names of the interfaces seen (pcapng {@code if_name}), by number; null where the capture names none. */
    private final List<String> interfaceNames = new ArrayList<>();

    public CaptureTotals read(Path file, Consumer<TcpPacket> sink) {
        return read(file, (p, i, d) -> sink.accept(p));
    }

    public CaptureTotals read(Path file, Sink sink) {
        try (CaptureReader r = CaptureReader.open(file)) {
            while (r.next()) {
                frames++;
                int id = r.interfaceId();
                while (interfaceNames.size() <= id) interfaceNames.add(null);
                if (interfaceNames.get(id) == null) interfaceNames.set(id, r.interfaceName());
                if (!dissect(r)) continue;
                if (!view.isTcp() || view.isFragment()) {
                    notTcp++;
                    continue;
                }
                tcp++;
                sink.accept(packet(r.recordNumber(), r.timestampNanos()), id, r.direction());
            }
        }
        return new CaptureTotals(frames, tcp, notTcp, undecodable, unsupported);
    }

    /** Interface {@code id} as a capture point, after {@link #read}: its name, or {@code #id}. */
    CapturePoint point(int id) {
        String name = id < interfaceNames.size() ? interfaceNames.get(id) : null;
        return new CapturePoint(id, name != null ? name : "#" + id);
    }

    /** Dissects the current record as an Ethernet frame, giving other link types a synthetic Ethernet header. */
    private boolean dissect(CaptureReader r) {
        byte[] b = r.array();
        int off = r.offset(), len = r.capturedLength();
        int ipStart;
        switch (r.linkType()) {
            case LinkTypes.ETHERNET -> {
                return tryDissect(b, off, len);
            }
            case LinkTypes.RAW, LinkTypes.IPV4, LinkTypes.IPV6 -> ipStart = 0;
            case LinkTypes.LINUX_SLL -> ipStart = 16;
            case LinkTypes.LINUX_SLL2 -> ipStart = 20;
            case LinkTypes.NULL, LinkTypes.LOOP -> ipStart = 4;
            default -> {
                unsupported++;
                return false;
            }
        }
        if (len <= ipStart) {
            undecodable++;
            return false;
        }
        int version = (b[off + ipStart] & 0xF0) >>> 4;
        int etherType = version == 4 ? 0x0800 : version == 6 ? 0x86DD : -1;
        if (etherType < 0) {
            notTcp++;
            return false;
        }
        int ipBytes = len - ipStart;
        if (scratch.length < ETHERNET_HEADER + ipBytes) scratch = new byte[ETHERNET_HEADER + ipBytes];
        java.util.Arrays.fill(scratch, 0, 12, (byte) 0);
        scratch[12] = (byte) (etherType >>> 8);
        scratch[13] = (byte) etherType;
        System.arraycopy(b, off + ipStart, scratch, ETHERNET_HEADER, ipBytes);
        return tryDissect(scratch, 0, ETHERNET_HEADER + ipBytes);
    }

    private boolean tryDissect(byte[] b, int off, int len) {
        frameArray = b;
        try {
            view.dissect(b, off, len);
            return true;
        } catch (DecodeException e) {
            undecodable++;
            return false;
        }
    }

    private TcpPacket packet(long frame, long timeNanos) {
        byte[] b = frameArray;
        int l4 = view.l4Offset();
        int headerBytes = ((b[l4 + 12] & 0xFF) >>> 4) * 4;
        int ip = view.ipOffset();
        // the IP length fields, not the captured bytes: a snap length may have cut the payload
        int ipEnd = view.isIpv4() ? ip + u16(b, ip + 2) : ip + 40 + u16(b, ip + 4);
        int payload = Math.max(0, ipEnd - l4 - headerBytes);
        int windowScale = -1;
        long[] sack = NO_SACK;
        long tsVal = -1, tsEcr = -1;
        int end = Math.min(l4 + headerBytes, view.frameOffset() + view.frameLength());
        for (int p = l4 + 20; p < end; ) {
            int kind = b[p] & 0xFF;
            if (kind == 0) break;
            if (kind == 1) {
                p++;
                continue;
            }
            if (p + 1 >= end) break;
            int optLen = b[p + 1] & 0xFF;
            if (optLen < 2 || p + optLen > end) break;
            if (kind == 3 && optLen == 3) windowScale = b[p + 2] & 0xFF;
            if (kind == 5 && optLen >= 10) {
                int n = (optLen - 2) / 8;
                sack = new long[2 * n];
                for (int i = 0; i < 2 * n; i++) sack[i] = u32(b, p + 2 + 4 * i);
            }
            if (kind == 8 && optLen == 10) {
                tsVal = u32(b, p + 2);
                tsEcr = u32(b, p + 6);
            }
            p += optLen;
        }
        return new TcpPacket(frame, timeNanos, new Endpoint(view.ipSrcString(), view.srcPort()),
                new Endpoint(view.ipDstString(), view.dstPort()), view.tcpSeq(), view.tcpAck(), view.tcpFlags(),
                view.tcpWindow(), payload, view.isIpv4() ? u16(b, ip + 4) : -1, windowScale, sack, tsVal, tsEcr);
    }

    private static final long[] NO_SACK = new long[0];


    private static int u16(byte[] b, int i) {
        return (b[i] & 0xFF) << 8 | b[i + 1] & 0xFF;
    }

    private static long u32(byte[] b, int i) {
        return ((long) u16(b, i) << 16) | u16(b, i + 2);
    }
}
