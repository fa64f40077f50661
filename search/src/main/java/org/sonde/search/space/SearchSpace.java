package org.sonde.search.space;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Collie's workload search space at the paper's scale (§4): host topology, memory regions (up to
 * 200 K), transport (QP type, up to 10 K QPs per traffic so 20 K in all, opcode, WQE batch, SGEs,
 * queue depths, MTU, direction) and message pattern (a request vector of up to {@link #MAX_REQUESTS}
 * sizes discretised by MTU and burst), with its constraints:
 * <ul>
 * <li>the opcode is one the transport allows (UD: SEND; UC: SEND, WRITE);</li>
 * <li>UD messages fit in one MTU;</li>
 * <li>work-queue depth at least the WQE batch, on both sides;</li>
 * <li>SEND receives at least as large as the largest request; receive settings are canonical
 *     (batch 1, depth 1, size = largest request) where the opcode has no receives;</li>
 * <li>every SGE at least 32 bytes, at most {@code 16} SGEs;</li>
 * <li>memory regions large enough for the largest message, and pinned memory within what a host
 *     (512 GiB) or a GPU (64 GiB) can register.</li>
 * </ul>
 * Every point this class makes ({@link #random}, {@link #set}, {@link #mutate}) satisfies them:
 * {@link #set} (the MFS's tests) follows a change to one dimension by a repair that keeps the
 * changed value and moves the dependent ones the least (depth up to a new batch, batch down to a
 * new depth, MTU up to a UD message, ...), as Collie's mutation does for depth and batch;
 * {@link #mutate} draws the new value within what the rest allows and draws what the change leaves
 * undrawn as {@link #random} would, so that a walk does not drift (see there).
 */
public final class SearchSpace implements WorkloadSpace<Point> {
    public static final Grid QPS = Grid.of(1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 80, 96, 128, 160, 192, 256, 320, 384, 512, 640, 768, 1024,
            1280, 1536, 2048, 3072, 4096, 6144, 8192, 10000);
    public static final Grid MTU = Grid.of(1024, 2048, 4096);
    public static final Grid BATCH = Grid.powersOfTwo(1, 256);
    public static final Grid DEPTH = Grid.powersOfTwo(1, 4096);
    /** Request sizes: below, at and above the MTUs, and bursts up to 4 MB. */
    public static final Grid SIZE = Grid.of(64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144, 1 << 20, 4 << 20);
    public static final Grid SGES = Grid.of(1, 2, 3, 4, 6, 8, 12, 16);
    public static final Grid MRS = Grid.of(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 200000);
    public static final Grid MR_SIZE = Grid.of(4096, 16384, 65536, 262144, 1 << 20, 4 << 20, 16 << 20);
    public static final Grid REQUEST_COUNT = Grid.of(1, 2, 3, 4, 5, 6, 7, 8);
    public static final int MAX_REQUESTS = 8;
    public static final int MIN_SGE_BYTES = 32;
    public static final long HOST_PIN_LIMIT = 512L << 30;
    public static final long GPU_PIN_LIMIT = 64L << 30;

    private static final Grid MODES = enumGrid(Mode.values().length);
    private static final Grid QP_TYPES = enumGrid(QpType.values().length);
    private static final Grid OPCODES = enumGrid(Opcode.values().length);
    private static final Grid MEMORIES = enumGrid(Memory.values().length);

    private static Grid enumGrid(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i;
        return new Grid(a);
    }

    /** The domain of a dimension; categorical ones are their constants' ordinals. */
    public static Grid domain(Dimension d) {
        return switch (d) {
            case MODE -> MODES;
            case QP_TYPE -> QP_TYPES;
            case OPCODE -> OPCODES;
            case QPS -> QPS;
            case MTU -> MTU;
            case BATCH, RECV_BATCH -> BATCH;
            case SEND_DEPTH, RECV_DEPTH -> DEPTH;
            case REQUEST_COUNT -> REQUEST_COUNT;
            case REQUEST_SIZE, RECV_SIZE -> SIZE;
            case REQUEST_SGES -> SGES;
            case SENDER_MEMORY, RECEIVER_MEMORY -> MEMORIES;
            case SENDER_MRS, RECEIVER_MRS -> MRS;
            case SENDER_MR_SIZE, RECEIVER_MR_SIZE -> MR_SIZE;
        };
    }

    /** Whether a dimension is categorical (tested by trying alternatives) rather than ordered. */
    public static boolean categorical(Dimension d) {
        return switch (d) {
            case MODE, QP_TYPE, OPCODE, SENDER_MEMORY, RECEIVER_MEMORY -> true;
            default -> false;
        };
    }

    /** The value of a dimension of traffic {@code i} ({@code element} for request dimensions); ordinals for categorical ones. */
    public static int value(Point p, int i, Dimension d, int element) {
        if (d == Dimension.MODE) return p.mode().ordinal();
        Traffic t = p.traffic(i);
        return switch (d) {
            case MODE -> throw new AssertionError();
            case QP_TYPE -> t.qpType().ordinal();
            case OPCODE -> t.opcode().ordinal();
            case QPS -> t.qps();
            case MTU -> t.mtu();
            case BATCH -> t.batch();
            case SEND_DEPTH -> t.sendDepth();
            case RECV_BATCH -> t.recvBatch();
            case RECV_DEPTH -> t.recvDepth();
            case REQUEST_COUNT -> t.requests().size();
            case REQUEST_SIZE -> t.requests().get(element).sizeBytes();
            case REQUEST_SGES -> t.requests().get(element).sges();
            case RECV_SIZE -> t.recvSizeBytes();
            case SENDER_MEMORY -> t.sender().memory().ordinal();
            case SENDER_MRS -> t.sender().mrs();
            case SENDER_MR_SIZE -> t.sender().mrSizeBytes();
            case RECEIVER_MEMORY -> t.receiver().memory().ordinal();
            case RECEIVER_MRS -> t.receiver().mrs();
            case RECEIVER_MR_SIZE -> t.receiver().mrSizeBytes();
        };
    }

    // ---------------------------------------------------------------- random points

    /** A uniformly drawn point (each dimension uniform on its grid), repaired into the constraints. */
    @Override
    public Point random(RandomGenerator rng) {
        Mode mode = Mode.values()[rng.nextInt(Mode.values().length)];
        List<Traffic> ts = new ArrayList<>();
        for (int i = 0; i < mode.traffics(); i++) ts.add(randomTraffic(rng));
        return new Point(mode, ts);
    }

    Traffic randomTraffic(RandomGenerator rng) {
        QpType type = QpType.values()[rng.nextInt(3)];
        Opcode op = randomOpcode(type, rng);
        int mtu = MTU.uniform(rng);
        List<Request> reqs = randomRequests(REQUEST_COUNT.uniform(rng), type, mtu, rng);
        Traffic t = new Traffic(type, op, QPS.uniform(rng), mtu, BATCH.uniform(rng), DEPTH.uniform(rng), BATCH.uniform(rng), DEPTH.uniform(rng),
                reqs, SIZE.uniform(rng), randomEndpoint(rng), randomEndpoint(rng));
        return repair(t, null);
    }

    private static Endpoint randomEndpoint(RandomGenerator rng) {
        return new Endpoint(Memory.values()[rng.nextInt(Memory.values().length)], MRS.uniform(rng), MR_SIZE.uniform(rng));
    }

    public static int maxSges(int sizeBytes) {
        return SGES.floor(Math.max(1, sizeBytes / MIN_SGE_BYTES));
    }

    // ---------------------------------------------------------------- constraints

    /** What is wrong with {@code p}, in words; empty when it is in the space. */
    public List<String> violations(Point p) {
        List<String> v = new ArrayList<>();
        for (int i = 0; i < p.traffics().size(); i++) {
            Traffic t = p.traffic(i);
            String at = "traffic " + i + ": ";
            if (!t.qpType().allows(t.opcode())) v.add(at + t.qpType() + " cannot carry " + t.opcode());
            onGrid(v, at + "qps", QPS, t.qps());
            onGrid(v, at + "mtu", MTU, t.mtu());
            onGrid(v, at + "batch", BATCH, t.batch());
            onGrid(v, at + "send depth", DEPTH, t.sendDepth());
            onGrid(v, at + "recv batch", BATCH, t.recvBatch());
            onGrid(v, at + "recv depth", DEPTH, t.recvDepth());
            onGrid(v, at + "recv size", SIZE, t.recvSizeBytes());
            if (t.batch() > t.sendDepth()) v.add(at + "send depth " + t.sendDepth() + " < batch " + t.batch());
            if (t.recvBatch() > t.recvDepth()) v.add(at + "recv depth " + t.recvDepth() + " < recv batch " + t.recvBatch());
            if (t.requests().size() > MAX_REQUESTS) v.add(at + "more than " + MAX_REQUESTS + " requests");
            for (Request r : t.requests()) {
                onGrid(v, at + "request size", SIZE, r.sizeBytes());
                onGrid(v, at + "request SGEs", SGES, r.sges());
                if (r.sges() > maxSges(r.sizeBytes())) v.add(at + r.sizeBytes() + " B cannot be split into " + r.sges() + " SGEs of >= 32 B");
                if (t.qpType() == QpType.UD && r.sizeBytes() > t.mtu()) v.add(at + "UD message " + r.sizeBytes() + " B > MTU " + t.mtu());
            }
            if (t.opcode().needsReceives()) {
                if (t.recvSizeBytes() < t.maxRequestBytes()) v.add(at + "receive " + t.recvSizeBytes() + " B < largest request " + t.maxRequestBytes() + " B");
            } else if (t.recvBatch() != 1 || t.recvDepth() != 1 || t.recvSizeBytes() != t.maxRequestBytes()) {
                v.add(at + "receive settings of " + t.opcode() + " not canonical");
            }
            endpoint(v, at + "sender", t.sender(), t.maxRequestBytes());
            endpoint(v, at + "receiver", t.receiver(), t.opcode().needsReceives() ? t.recvSizeBytes() : t.maxRequestBytes());
        }
        return v;
    }

    private static void endpoint(List<String> v, String at, Endpoint e, int needBytes) {
        onGrid(v, at + " MRs", MRS, e.mrs());
        onGrid(v, at + " MR size", MR_SIZE, e.mrSizeBytes());
        if (e.mrSizeBytes() < needBytes) v.add(at + " MR of " + e.mrSizeBytes() + " B < message " + needBytes + " B");
        if (e.pinnedBytes() > pinLimit(e.memory())) v.add(at + " pins " + e.pinnedBytes() + " B > " + pinLimit(e.memory()));
    }

    private static void onGrid(List<String> v, String what, Grid g, int x) {
        if (!g.contains(x)) v.add(what + " " + x + " is not in the domain");
    }

    static long pinLimit(Memory m) {
        return m == Memory.GPU ? GPU_PIN_LIMIT : HOST_PIN_LIMIT;
    }

    // ---------------------------------------------------------------- setting one dimension

    /**
     * {@code p} with one dimension of traffic {@code i} (request element {@code element}) set to
     * {@code value}, the others repaired around it. Setting {@link Dimension#MODE} to a mode with
     * two traffics copies traffic 0 (the bidirectional or loopback twin); to one way drops traffic 1.
     */
    public Point set(Point p, int i, Dimension d, int element, int value) {
        if (d == Dimension.MODE) {
            Mode m = Mode.values()[value];
            if (m.traffics() == p.mode().traffics()) return new Point(m, p.traffics());
            return m.traffics() == 1 ? new Point(m, List.of(p.traffic(0))) : new Point(m, List.of(p.traffic(0), p.traffic(0)));
        }
        return p.with(i, repair(setTraffic(p.traffic(i), d, element, value), d));
    }

    /** {@code t} with one dimension set, not yet repaired. */
    private static Traffic setTraffic(Traffic t, Dimension d, int element, int value) {
        return switch (d) {
            case MODE -> throw new AssertionError();
            case QP_TYPE -> t.withQpType(QpType.values()[value]);
            case OPCODE -> t.withOpcode(Opcode.values()[value]);
            case QPS -> t.withQps(value);
            case MTU -> t.withMtu(value);
            case BATCH -> t.withBatch(value);
            case SEND_DEPTH -> t.withSendDepth(value);
            case RECV_BATCH -> t.withRecvBatch(value);
            case RECV_DEPTH -> t.withRecvDepth(value);
            case REQUEST_COUNT -> t.withRequests(resize(t.requests(), value));
            case REQUEST_SIZE -> t.withRequests(replace(t.requests(), element, new Request(value, Math.min(t.requests().get(element).sges(), maxSges(value)))));
            case REQUEST_SGES -> t.withRequests(replace(t.requests(), element, new Request(t.requests().get(element).sizeBytes(), value)));
            case RECV_SIZE -> t.withRecvSize(value);
            case SENDER_MEMORY -> t.withSender(t.sender().withMemory(Memory.values()[value]));
            case SENDER_MRS -> t.withSender(t.sender().withMrs(value));
            case SENDER_MR_SIZE -> t.withSender(t.sender().withMrSize(value));
            case RECEIVER_MEMORY -> t.withReceiver(t.receiver().withMemory(Memory.values()[value]));
            case RECEIVER_MRS -> t.withReceiver(t.receiver().withMrs(value));
            case RECEIVER_MR_SIZE -> t.withReceiver(t.receiver().withMrSize(value));
        };
    }

    /** Every request of traffic {@code i} set to {@code sizeBytes} with {@code sges} SGEs (a uniform message pattern). */
    public Point uniformRequests(Point p, int i, int sizeBytes, int sges) {
        Traffic t = p.traffic(i);
        List<Request> l = new ArrayList<>();
        for (int k = 0; k < t.requests().size(); k++) l.add(new Request(sizeBytes, Math.min(sges, maxSges(sizeBytes))));
        return p.with(i, repair(t.withRequests(l), Dimension.REQUEST_SIZE));
    }

    private static List<Request> resize(List<Request> l, int n) {
        List<Request> r = new ArrayList<>(l.subList(0, Math.min(n, l.size())));
        // a longer vector repeats the pattern, the neighbourhood of the old one
        while (r.size() < n) r.add(l.get(r.size() % l.size()));
        return r;
    }

    private static List<Request> replace(List<Request> l, int k, Request r) {
        List<Request> c = new ArrayList<>(l);
        c.set(k, r);
        return c;
    }

    /**
     * {@code t} moved into the constraints, keeping dimension {@code fixed} (null: none) and
     * changing the dependent dimensions the least.
     */
    Traffic repair(Traffic t, Dimension fixed) {
        // transport and opcode
        if (!t.qpType().allows(t.opcode())) {
            if (fixed == Dimension.OPCODE) t = t.withQpType(t.opcode() == Opcode.READ ? QpType.RC : t.qpType() == QpType.UD ? QpType.UC : QpType.RC);
            else t = t.withOpcode(t.qpType() == QpType.UD ? Opcode.SEND : Opcode.WRITE);
        }
        // UD messages within one MTU: a larger message raises the MTU, otherwise messages shrink
        if (t.qpType() == QpType.UD && t.maxRequestBytes() > t.mtu()) {
            if ((fixed == Dimension.REQUEST_SIZE || fixed == Dimension.RECV_SIZE) && t.maxRequestBytes() <= MTU.max()) t = t.withMtu(MTU.ceil(t.maxRequestBytes()));
            else t = t.withRequests(capSizes(t.requests(), t.mtu()));
        }
        // SGE splits
        List<Request> fixedSges = new ArrayList<>();
        boolean changed = false;
        for (Request r : t.requests()) {
            int s = Math.min(r.sges(), maxSges(r.sizeBytes()));
            changed |= s != r.sges();
            fixedSges.add(new Request(r.sizeBytes(), s));
        }
        if (changed) t = t.withRequests(fixedSges);
        // batch within depth
        if (t.batch() > t.sendDepth()) t = fixed == Dimension.SEND_DEPTH ? t.withBatch(BATCH.floor(t.sendDepth())) : t.withSendDepth(DEPTH.ceil(t.batch()));
        // receives
        if (t.opcode().needsReceives()) {
            if (t.recvBatch() > t.recvDepth()) t = fixed == Dimension.RECV_DEPTH ? t.withRecvBatch(BATCH.floor(t.recvDepth())) : t.withRecvDepth(DEPTH.ceil(t.recvBatch()));
            if (t.recvSizeBytes() < t.maxRequestBytes()) {
                t = fixed == Dimension.RECV_SIZE ? t.withRequests(capSizes(t.requests(), t.recvSizeBytes())) : t.withRecvSize(SIZE.ceil(t.maxRequestBytes()));
            }
        } else {
            t = t.withRecvBatch(1).withRecvDepth(1).withRecvSize(t.maxRequestBytes());
        }
        // memory regions hold the largest message; pinned memory within the limit
        t = t.withSender(fitEndpoint(t.sender(), t.maxRequestBytes(), fixed == Dimension.SENDER_MRS || fixed == Dimension.SENDER_MEMORY));
        int need = t.opcode().needsReceives() ? t.recvSizeBytes() : t.maxRequestBytes();
        t = t.withReceiver(fitEndpoint(t.receiver(), need, fixed == Dimension.RECEIVER_MRS || fixed == Dimension.RECEIVER_MEMORY));
        return t;
    }

    private static List<Request> capSizes(List<Request> l, int cap) {
        List<Request> r = new ArrayList<>();
        for (Request q : l) {
            int s = Math.min(q.sizeBytes(), SIZE.floor(cap));
            r.add(new Request(s, Math.min(q.sges(), maxSges(s))));
        }
        return r;
    }

    private static Endpoint fitEndpoint(Endpoint e, int needBytes, boolean keepCount) {
        if (e.mrSizeBytes() < needBytes) e = e.withMrSize(MR_SIZE.ceil(needBytes));
        long limit = pinLimit(e.memory());
        if (e.pinnedBytes() > limit) {
            if (keepCount) {
                int size = MR_SIZE.floor(limit / e.mrs());
                if (size >= needBytes && (long) size * e.mrs() <= limit) return e.withMrSize(size);
            }
            e = e.withMrs(MRS.floor(limit / e.mrSizeBytes()));
        }
        return e;
    }

    // ---------------------------------------------------------------- mutation

    /**
     * The mutation that repeats {@code last} one more grid step in the same direction (for an
     * ordered dimension), or empty when it cannot (categorical, at the domain's end, or the
     * dimension no longer applies).
     */
    @Override
    public java.util.Optional<Mutation> repeat(Point p, Step<Point> step, Point before) {
        if (!(step instanceof Mutation last)) throw new IllegalArgumentException("not a step of this space: " + step);
        Dimension d = last.dimension();
        if (categorical(d) || last.traffic() >= p.traffics().size() || before.traffics().size() != p.traffics().size()) return java.util.Optional.empty();
        if (!d.appliesTo(p.traffic(last.traffic()))) return java.util.Optional.empty();
        if (last.element() >= p.traffic(last.traffic()).requests().size()) return java.util.Optional.empty();
        Grid g = domain(d);
        int from = value(before, last.traffic(), d, last.element()), to = value(p, last.traffic(), d, last.element());
        if (from == to || !g.contains(from) || !g.contains(to)) return java.util.Optional.empty();
        int dir = Integer.signum(g.indexOf(to) - g.indexOf(from));
        int next = g.indexOf(to) + dir;
        if (next < 0 || next >= g.size()) return java.util.Optional.empty();
        Point n = set(p, last.traffic(), d, last.element(), g.get(next));
        if (n.equals(p)) return java.util.Optional.empty();
        return java.util.Optional.of(new Mutation(n, d, last.traffic(), last.element(), Move.NEIGHBOUR));
    }

    /**
     * One mutation: a traffic chosen uniformly, then a dimension uniformly among the point's mode and
     * that traffic's dimensions that apply (and a request element), moved to a neighbouring value or
     * jumped anywhere within what the rest of the traffic allows; a dimension the change makes
     * meaningless or invalid is drawn again as {@link #random} draws it. The result differs from
     * {@code p}.
     *
     * <p>Why this way: a walk of such mutations keeps {@link #random}'s distribution (a Gibbs
     * sampler of it), as Collie's global jumps intend. Repairing the dependents instead (capping
     * requests to a new receive size or UD MTU, lowering the batch to a new depth, copying requests
     * into a longer vector, giving SEND the canonical receives of WRITE, mutating the mode less often
     * on two-traffic points) drifts one way only: a walk found messages of 64 KB and more a third as
     * often as random points, mixed request vectors and one-way points half as often.
     */
    @Override
    public Mutation mutate(Point p, RandomGenerator rng, Move move) {
        for (int attempt = 0; ; attempt++) {
            int i = rng.nextInt(p.traffics().size());
            Traffic t = p.traffic(i);
            List<Dimension> choices = choices(t);
            Dimension d = choices.get(rng.nextInt(choices.size()));
            int element = d == Dimension.REQUEST_SIZE || d == Dimension.REQUEST_SGES ? rng.nextInt(t.requests().size()) : -1;
            Point n;
            if (d == Dimension.MODE) {
                int v = MODES.jump(p.mode().ordinal(), rng);
                // a change into two traffics draws the second one anew rather than copying the first
                n = Mode.values()[v].traffics() == 2 && p.mode().traffics() == 1 ? new Point(Mode.values()[v], List.of(p.traffic(0), randomTraffic(rng)))
                        : set(p, 0, d, element, v);
                i = 0;
            } else {
                Grid g = allowed(t, d, element);
                int old = value(p, i, d, element);
                boolean step = move == Move.NEIGHBOUR && !categorical(d);
                // an end value has one neighbour where others have two: stepping off it every time
                // would leave the ends half as often visited as the other values
                if (step && g.size() > 1 && (old == g.min() || old == g.max()) && rng.nextBoolean()) continue;
                int v = step ? g.neighbour(old, rng) : g.jump(old, rng);
                // a random traffic's depth is a uniform draw raised to the batch: a jump draws it so
                if (!step && d == Dimension.SEND_DEPTH) v = Math.max(DEPTH.uniform(rng), t.batch());
                if (!step && d == Dimension.RECV_DEPTH) v = Math.max(DEPTH.uniform(rng), t.recvBatch());
                n = p.with(i, redraw(t, d, element, v, rng));
                // a traffic with more dimensions that apply (SEND's receives, a non-UD opcode) has each
                // chosen less often; the Metropolis-Hastings ratio of the choices keeps the walk
                // from lingering on such traffics (SEND a fifth more often than random points)
                double keep = (double) choices.size() / choices(n.traffic(i)).size();
                if (keep < 1 && rng.nextDouble() >= keep) continue;
            }
            if (!n.equals(p) || attempt > 100) return new Mutation(n, d, i, element, move);
        }
    }

    /** The dimensions a mutation of traffic {@code t} chooses among: the point's mode and those of {@code t} that apply. */
    private static List<Dimension> choices(Traffic t) {
        List<Dimension> l = new ArrayList<>();
        for (Dimension d : Dimension.values()) if (d == Dimension.MODE || d.appliesTo(t)) l.add(d);
        return l;
    }

    /** The values dimension {@code d} of {@code t} may take with the rest of {@code t} as it is (the current value among them). */
    static Grid allowed(Traffic t, Dimension d, int element) {
        return switch (d) {
            case OPCODE -> new Grid(opcodes(t.qpType()).stream().mapToInt(Opcode::ordinal).toArray());
            case MTU -> t.qpType() == QpType.UD ? MTU.within(t.maxRequestBytes(), MTU.max()) : MTU;
            case SEND_DEPTH -> DEPTH.within(t.batch(), DEPTH.max());
            case RECV_DEPTH -> DEPTH.within(t.recvBatch(), DEPTH.max());
            case RECV_SIZE -> SIZE.within(t.maxRequestBytes(), SIZE.max());
            case REQUEST_SIZE -> t.qpType() == QpType.UD ? SIZE.within(SIZE.min(), t.mtu()) : SIZE;
            case REQUEST_SGES -> SGES.within(1, maxSges(t.requests().get(element).sizeBytes()));
            default -> domain(d);
        };
    }

    /**
     * {@code t} with dimension {@code d} (request {@code element}) at {@code v}, an allowed value;
     * what the change leaves undrawn is drawn as {@link #randomTraffic} draws it: the opcode with a
     * new QP type, the request vector on a change into or out of UD (Collie's mutation
     * regenerates it on a change of QP type too), receive settings when the opcode starts needing
     * receives, new request elements, the SGEs of a request that no longer splits into them, and the
     * queue depth under a new batch.
     */
    private Traffic redraw(Traffic t, Dimension d, int element, int v, RandomGenerator rng) {
        Traffic n = switch (d) {
            case QP_TYPE -> {
                QpType type = QpType.values()[v];
                // the opcode is drawn with the type, as a random traffic's is: kept when allowed, a walk
                // would leave READ (RC only) more often than it enters it
                Traffic x = t.withQpType(type).withOpcode(randomOpcode(type, rng));
                if ((type == QpType.UD) != (t.qpType() == QpType.UD)) x = x.withRequests(randomRequests(t.requests().size(), type, x.mtu(), rng));
                yield withDrawnReceives(x, t, rng);
            }
            case OPCODE -> withDrawnReceives(t.withOpcode(Opcode.values()[v]), t, rng);
            case REQUEST_COUNT -> {
                List<Request> l = new ArrayList<>(t.requests().subList(0, Math.min(v, t.requests().size())));
                if (l.size() < v) l.addAll(randomRequests(v - l.size(), t.qpType(), t.mtu(), rng));
                yield t.withRequests(l);
            }
            // the depth a random traffic would have drawn (raised to the batch) is kept; where it equals
            // the batch, the draw was any value up to it
            case BATCH -> t.withBatch(v).withSendDepth(Math.max(v, t.sendDepth() > t.batch() ? t.sendDepth() : DEPTH.uniform(rng, 1, t.batch())));
            case RECV_BATCH -> t.withRecvBatch(v).withRecvDepth(Math.max(v, t.recvDepth() > t.recvBatch() ? t.recvDepth() : DEPTH.uniform(rng, 1, t.recvBatch())));
            case REQUEST_SIZE -> {
                int sges = t.requests().get(element).sges();
                if (sges > maxSges(v)) sges = SGES.uniform(rng, 1, maxSges(v));
                yield t.withRequests(replace(t.requests(), element, new Request(v, sges)));
            }
            default -> null;
        };
        if (n == null) return repair(setTraffic(t, d, element, v), d);
        return repair(n, d);
    }

    /** The opcodes a QP type allows, in their order. */
    private static List<Opcode> opcodes(QpType type) {
        List<Opcode> ops = new ArrayList<>();
        for (Opcode o : Opcode.values()) if (type.allows(o)) ops.add(o);
        return ops;
    }

    private static Opcode randomOpcode(QpType type, RandomGenerator rng) {
        List<Opcode> ops = opcodes(type);
        return ops.get(rng.nextInt(ops.size()));
    }

    private static List<Request> randomRequests(int n, QpType type, int mtu, RandomGenerator rng) {
        List<Request> reqs = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            int size = type == QpType.UD ? SIZE.uniform(rng, 0, mtu) : SIZE.uniform(rng);
            reqs.add(new Request(size, SGES.uniform(rng, 1, maxSges(size))));
        }
        return reqs;
    }

    /** {@code x} with receive settings drawn as a random traffic's when it needs receives and {@code before} did not. */
    private static Traffic withDrawnReceives(Traffic x, Traffic before, RandomGenerator rng) {
        if (!x.opcode().needsReceives() || before.opcode().needsReceives()) return x;
        return x.withRecvBatch(BATCH.uniform(rng)).withRecvDepth(DEPTH.uniform(rng)).withRecvSize(SIZE.uniform(rng));
    }

    @Override
    public double[] features(Point p) {
        return PointFeatures.of(p);
    }
}
