package org.sonde.sim.net;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.util.SplittableRandom;

/**
 * An output-queued switch with a shared buffer. Forwarding is by destination IP over equal-cost
 * ports chosen by a salted 5-tuple hash (one flow, one path), or per packet at random
 * ({@link LoadBalancing#PACKET}). Lossy priorities are admitted under a
 * dynamic threshold (a queue may hold α × the free buffer) and tail-dropped beyond it; lossless (PFC)
 * priorities are admitted while the buffer lasts and push back on the upstream port instead. ECN
 * marks at enqueue. Frames keep their MAC addresses: the fabric is modelled as one L2 domain with L3
 * load balancing, which is what captures at any port should show for end-to-end analysis.
 */
public final class Switch extends Node {
    private final SwitchConfig config;
    private final SplittableRandom ecnRandom;
    private final long ecmpSalt;
    /** Per-packet spraying's draws; null under per-flow ECMP. */
    private final SplittableRandom sprayRandom;
    private final Int2ObjectOpenHashMap<int[]> routes = new Int2ObjectOpenHashMap<>();
    private PfcIngress pfc;
    private EgressAdmission admission;
    private long bufferUsed;
    private long maxBufferUsed;
    private long unroutable;

    Switch(Network network, String name, int id, SwitchConfig config) {
        super(network, name, id);
        this.config = config;
        this.ecnRandom = network.random().stream("switch:" + name + "/ecn");
        this.ecmpSalt = network.random().salt("switch:" + name + "/ecmp");
        this.sprayRandom = config.loadBalancing() == LoadBalancing.PACKET ? network.random().stream("switch:" + name + "/spray") : null;
    }

    public SwitchConfig config() {
        return config;
    }

    /** Bytes of the shared buffer in use now. */
    public long bufferUsed() {
        return bufferUsed;
    }

    /** Lets {@code admission} see and decide every lossy frame's admission (null: the buffer rule alone). */
    public void setAdmission(EgressAdmission admission) {
        this.admission = admission;
    }

    public long maxBufferUsed() {
        return maxBufferUsed;
    }

    /** Frames whose destination no route reaches. */
    public long unroutable() {
        return unroutable;
    }

    /** The equal-cost egress ports towards an address (empty if none). */
    public int[] routes(int destinationIp) {
        int[] r = routes.get(destinationIp);
        return r == null ? new int[0] : r.clone();
    }

    void setRoutes(int destinationIp, int[] ports) {
        routes.put(destinationIp, ports);
    }

    void ready() {
        pfc = new PfcIngress(sim, config.pfc(), ports.toArray(Port[]::new));
    }

    /** PFC accounting of this switch's ingress ports. */
    public PfcIngress pfc() {
        return pfc;
    }

    @Override
    void receive(Port in, Frame frame) {
        if (!(frame instanceof IpFrame f)) {
            unroutable++;
            in.dropped(frame, FrameFate.Drop.UNROUTABLE);
            return;
        }
        int[] choices = routes.get(f.destinationIp);
        if (choices == null) {
            unroutable++;
            in.dropped(f, FrameFate.Drop.UNROUTABLE);
            return;
        }
        Port out = ports.get(choices.length == 1 ? choices[0]
                : choices[sprayRandom != null ? sprayRandom.nextInt(choices.length) : ecmpIndex(f, choices.length)]);
        if (f.bytes - IpFrame.ETHERNET_HEADER > out.mtu()) {
            out.counters().oversize++;
            out.dropped(f, FrameFate.Drop.OVERSIZE);
            return;
        }
        int p = f.priority;
        boolean lossless = config.pfc().enabled(p);
        long free = config.bufferBytes() - bufferUsed;
        boolean admitted = lossless
                ? f.bytes <= free
                : f.bytes <= free && out.queuedBytes(p) + f.bytes <= config.alpha() * free;
        if (!lossless && admission != null) admitted = admission.admit(this, out, f, admitted);
        if (!admitted) {
            out.counters().drops++;
            out.counters().dropBytes += f.bytes;
            out.dropped(f, FrameFate.Drop.BUFFER);
            return;
        }
        bufferUsed += f.bytes;
        if (bufferUsed > maxBufferUsed) maxBufferUsed = bufferUsed;
        if (lossless) {
            f.ingressPort = in.index();
            pfc.add(in.index(), p, f.bytes);
        }
        if (config.ecn().enabled(p) && f.ecnCapable() && config.ecn().mark(out.queuedBytes(p), ecnRandom)) {
            f.ecn = IpFrame.ECN_CE;
            out.counters().ecnMarked++;
        }
        out.enqueue(f);
    }

    @Override
    void transmitting(Port out, Frame f) {
        bufferUsed -= f.bytes;
        if (f.ingressPort >= 0) {
            pfc.remove(f.ingressPort, f.priority, f.bytes);
            f.ingressPort = -1;
        }
    }

    private int ecmpIndex(IpFrame f, int n) {
        long h = ecmpSalt;
        h = mix(h ^ f.sourceIp);
        h = mix(h ^ f.destinationIp);
        h = mix(h ^ ((long) f.protocol << 32 | (long) f.sourcePort << 16 | f.destinationPort));
        return (int) Long.remainderUnsigned(h, n);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }
}
