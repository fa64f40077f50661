package org.sonde.sim.rdma;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.sonde.core.config.YamlTree;
import org.sonde.core.config.Distribution;
import org.sonde.core.config.Units;

/**
 * How a simulated RoCE NIC behaves where the specifications leave room or real NICs deviate: the
 * latencies added to NAK generation and reaction, CNP pacing and its scope, the retransmission
 * timeout schedule, the receive pipeline's capacity and what happens when it falls behind, egress
 * scheduling quirks and counter quirks.
 *
 * <p>Profiles are data: one YAML file each under {@code org/sonde/sim/rdma/profiles/} on the class
 * path (or any file), optionally {@code extends}-ing another whose keys it overrides. The bundled
 * {@code neutral} profile follows the IB specification and the DCQCN paper; profiles that model a
 * vendor's NIC are models of published observations, not claims about the hardware.
 *
 * @param nakGeneration     responder: from the out-of-sequence packet to sending the NAK (SEND/WRITE)
 * @param nakReaction       requester: from receiving a NAK to starting the retransmission (SEND/WRITE)
 * @param readNakGeneration READ requester: from the out-of-sequence response to sending the re-request
 * @param readNakReaction   READ responder: from the re-request to resending responses
 * @param migReq            the BTH MigReq bit this NIC sends (1, "migrated", per the IBA's initial state)
 */
public record NicProfile(String name, String description, Distribution nakGeneration, Distribution nakReaction,
                         Distribution readNakGeneration, Distribution readNakReaction, boolean migReq, Cnp cnp,
                         Retransmission retransmission, RxPipeline rxPipeline, Scheduler scheduler, Counters counters) {

    public static final String RESOURCE_DIRECTORY = "org/sonde/sim/rdma/profiles/";
    /** The profiles under {@link #RESOURCE_DIRECTORY}, spec-following first. */
    public static final List<String> BUNDLED = List.of("neutral", "cx4lx-like", "cx5-like", "cx6dx-like", "e810-like");
    private static final String HINT = "see sim/src/main/resources/" + RESOURCE_DIRECTORY + "README.md for the profile format";
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /** Which CNPs share one minimum interval: all of the port's, those to one IP, or those of one QP. */
    public enum CnpScope { PORT, DESTINATION_IP, QP }

    /**
     * @param minIntervalNanos at most one CNP per scope in this time (NVIDIA's min_time_between_cnps)
     * @param onNak            the responder's NAKs also trigger CNPs (a "slow restart" feature)
     */
    public record Cnp(long minIntervalNanos, CnpScope scope, boolean onNak) {}

    /**
     * @param timeoutsNanos the timeout before each successive retry (the last repeats); empty: the IB
     *                      rule 4.096 µs·2^timeout for every retry
     * @param maxRetries    retries before the QP fails; -1: the QP's retry_cnt
     */
    public record Retransmission(List<Long> timeoutsNanos, int maxRetries) {
        public Retransmission {
            timeoutsNanos = List.copyOf(timeoutsNanos);
        }

        public boolean adaptive() {
            return !timeoutsNanos.isEmpty();
        }
    }

    /** What the receive pipeline does with packets that find its buffer above threshold. */
    enum Overflow { PFC, DISCARD }

    /**
     * The NIC's receive pipeline: packets wait in a buffer and are processed at a limited rate. With
     * no limits it processes every packet on arrival.
     *
     * @param packetsPerSecond processing capacity in packets (0: unlimited)
     * @param bitsPerSecond    processing capacity in bits (0: unlimited)
     * @param bufferBytes      receive buffer; arrivals that do not fit are discarded (rx_discards_phy)
     * @param overflow         PFC: pause the link above {@code xoffBytes}; DISCARD: only drop when full
     * @param xoffBytes        PFC pause threshold
     * @param xonBytes         PFC resume threshold
     * @param slowPath         extra time the pipeline is held by each out-of-sequence packet: the
     *                         hook for "noisy neighbour" stalls
     * @param slowPathOnMigReqClear data packets with MigReq = 0 take the slow path too (an
     *                         interoperability slow path, Lumina §6.2.3)
     * @param recoverySlots    out-of-sequence episodes (a responder preparing its NAK, a READ
     *                         requester preparing its re-request) the NIC can work on at once, each
     *                         for its NAK generation latency; a packet that would open one more stops
     *                         the pipeline until a slot frees (0: no limit). The shared resource
     *                         behind CX4 Lx's "noisy neighbour" (Lumina §6.2.2)
     */
    public record RxPipeline(long packetsPerSecond, long bitsPerSecond, long bufferBytes, Overflow overflow,
                             long xoffBytes, long xonBytes, Distribution slowPath, boolean slowPathOnMigReqClear,
                             int recoverySlots) {
        public boolean unlimited() {
            return packetsPerSecond == 0 && bitsPerSecond == 0 && slowPath.equals(Distribution.ZERO) && recoverySlots == 0;
        }
    }

    /**
     * @param etsWeights     ETS weights of the eight traffic classes (0: not an ETS class); only a
     *                       non-work-conserving scheduler uses them, a work-conserving one is the host port's own
     * @param workConserving false: a class never exceeds its weight's share of the link even when others
     *                       are idle (a non-work-conserving ETS)
     */
    public record Scheduler(int[] etsWeights, boolean workConserving) {}

    /**
     * @param frozen  counters that never change (a NIC that does not count them)
     * @param renamed the name each counter is reported under (e.g. {@code np_cnp_sent: cnpSent})
     */
    public record Counters(Set<String> frozen, Map<String, String> renamed) {
        public Counters {
            frozen = Set.copyOf(frozen);
            renamed = Map.copyOf(renamed);
        }
    }

    public NicProfile withCnp(Cnp c) {
        return new NicProfile(name, description, nakGeneration, nakReaction, readNakGeneration, readNakReaction, migReq, c, retransmission, rxPipeline, scheduler, counters);
    }

    NicProfile withRxPipeline(RxPipeline r) {
        return new NicProfile(name, description, nakGeneration, nakReaction, readNakGeneration, readNakReaction, migReq, cnp, retransmission, r, scheduler, counters);
    }

    /** The bundled spec-following profile. */
    static NicProfile neutral() {
        return load("neutral");
    }

    /** A bundled profile by name. */
    public static NicProfile load(String name) {
        return parse(name, resolve(name, new ArrayList<>()));
    }

    /** A profile from a YAML file; its {@code extends} names a bundled profile. Errors name the file and line. */
    public static NicProfile load(Path file) {
        YamlTree tree = YamlTree.read(file, "NIC profile", "give a bundled profile (" + String.join(", ", BUNDLED) + ") or a profile file");
        String name = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        return tree.interpret(root -> {
            Map<String, Object> own = settings(tree.root(), "");
            return parse(ConfigMap.of("", inherit(name, own, new ArrayList<>(List.of(name)))), name);
        }, HINT);
    }

    private static Map<String, Object> resolve(String name, List<String> chain) {
        if (chain.contains(name)) throw new ConfigException("profile " + name, "extends itself through " + String.join(" -> ", chain) + " -> " + name);
        chain.add(name);
        if (!BUNDLED.contains(name)) {
            throw new ConfigException("profile", "no bundled NIC profile '" + name + "'; the bundled ones are " + String.join(", ", BUNDLED),
                    "name one of them, or give the path of a profile YAML file");
        }
        // through the class, not its loader: a module's resources are found only through its own classes
        try (InputStream in = NicProfile.class.getResourceAsStream("/" + RESOURCE_DIRECTORY + name + ".yaml")) {
            if (in == null) throw new IllegalStateException("bundled NIC profile " + name + " is missing from the class path");
            return inherit(name, settings(YAML.readValue(in, Object.class), "profile " + name), chain);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read bundled NIC profile " + name, e);
        }
    }

    private static Map<String, Object> inherit(String name, Map<String, Object> own, List<String> chain) {
        Object base = own.remove("extends");
        if (base == null) return own;
        return merge(resolve(String.valueOf(base), chain), own);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> merge(Map<String, Object> base, Map<String, Object> over) {
        Map<String, Object> m = new LinkedHashMap<>(base);
        m.remove("description");
        for (Map.Entry<String, Object> e : over.entrySet()) {
            Object b = m.get(e.getKey());
            m.put(e.getKey(), b instanceof Map && e.getValue() instanceof Map
                    ? merge((Map<String, Object>) b, (Map<String, Object>) e.getValue()) : e.getValue());
        }
        return m;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> settings(Object yaml, String path) {
        if (yaml == null) return new LinkedHashMap<>();
        if (!(yaml instanceof Map)) throw new ConfigException(path.isEmpty() ? "profile" : path, "must be a mapping of settings");
        return new LinkedHashMap<>((Map<String, Object>) yaml);
    }

    /** Builds a profile from its settings, rejecting unknown keys and out-of-range values. */
    public static NicProfile parse(String name, Map<String, Object> settings) {
        return parse(ConfigMap.of("profile " + name, settings), name);
    }

    private static NicProfile parse(ConfigMap c, String name) {
        String description = c.string("description", "");
        Distribution nakGen = c.distribution("nak-generation-latency", Distribution.ZERO);
        Distribution nakReact = c.distribution("nak-reaction-latency", Distribution.ZERO);
        Distribution readGen = c.distribution("read-nak-generation-latency", nakGen);
        Distribution readReact = c.distribution("read-nak-reaction-latency", nakReact);
        boolean migReq = c.bool("mig-req", true);

        ConfigMap cc = c.section("cnp");
        Cnp cnp = new Cnp(cc.nanos("min-time-between-cnps", 50_000, 0, 1_000_000_000L),
                cc.choice("scope", CnpScope.class, CnpScope.QP), cc.bool("on-nak", false));
        cc.finish();

        ConfigMap rc = c.section("retransmission");
        List<Long> timeouts = new ArrayList<>();
        for (Object t : rc.list("timeouts")) {
            try {
                long ns = Units.nanos(String.valueOf(t));
                if (ns <= 0) throw new IllegalArgumentException("must be positive");
                timeouts.add(ns);
            } catch (IllegalArgumentException e) {
                throw new ConfigException(rc.pathOf("timeouts"), "entry " + (timeouts.size() + 1) + " '" + t + "': " + e.getMessage());
            }
        }
        Retransmission retx = new Retransmission(timeouts, (int) rc.integer("max-retries", -1, -1, 1000));
        rc.finish();

        ConfigMap px = c.section("rx-pipeline");
        long pps = px.integer("packets-per-second", 0, 0, Long.MAX_VALUE);
        long bps = px.bitsPerSecond("capacity", 0, 0, Long.MAX_VALUE);
        long buffer = px.bytes("buffer", 256 * 1024, 1, Long.MAX_VALUE);
        Overflow overflow = px.choice("on-overflow", Overflow.class, Overflow.PFC);
        long xoff = px.bytes("xoff", buffer / 2, 0, buffer);
        long xon = px.bytes("xon", xoff / 2, 0, xoff);
        Distribution slow = px.distribution("slow-path-latency", Distribution.ZERO);
        boolean slowMig = px.bool("slow-path-on-mig-req-clear", false);
        int slots = (int) px.integer("recovery-slots", 0, 0, 1 << 20);
        px.finish();
        if (overflow == Overflow.PFC && buffer - xoff < 2 * 4200) {
            throw new ConfigException(px.pathOf("xoff"), "leaves " + (buffer - xoff) + " bytes of headroom; PFC needs at least two full frames (8400 B) above xoff");
        }
        RxPipeline rx = new RxPipeline(pps, bps, buffer, overflow, xoff, xon, slow, slowMig, slots);

        ConfigMap sc = c.section("scheduler");
        int[] weights = null;
        List<Object> w = sc.list("ets-weights");
        if (!w.isEmpty()) {
            if (w.size() != 8) throw new ConfigException(sc.pathOf("ets-weights"), "needs 8 weights (one per traffic class), got " + w.size());
            weights = new int[8];
            for (int i = 0; i < 8; i++) {
                try {
                    weights[i] = Integer.parseInt(String.valueOf(w.get(i)).strip());
                } catch (NumberFormatException e) {
                    throw new ConfigException(sc.pathOf("ets-weights"), "entry " + (i + 1) + " '" + w.get(i) + "' is not a whole number");
                }
                if (weights[i] < 0) throw new ConfigException(sc.pathOf("ets-weights"), "entry " + (i + 1) + " is negative");
            }
            if (java.util.Arrays.stream(weights).sum() == 0) throw new ConfigException(sc.pathOf("ets-weights"), "needs a positive weight");
        }
        Scheduler scheduler = new Scheduler(weights, sc.bool("work-conserving", true));
        if (!scheduler.workConserving && weights == null) {
            throw new ConfigException(sc.pathOf("work-conserving"), "false needs ets-weights: the share each class is held to");
        }
        sc.finish();

        ConfigMap kc = c.section("counters");
        Set<String> known = NicCounters.NAMES;
        List<String> frozen = new ArrayList<>();
        for (Object o : kc.list("frozen")) {
            String n = String.valueOf(o);
            if (!known.contains(n)) throw new ConfigException(kc.pathOf("frozen"), "'" + n + "' is not a counter; known: " + String.join(", ", known));
            frozen.add(n);
        }
        ConfigMap rn = kc.section("renamed");
        Map<String, String> renamed = new LinkedHashMap<>();
        for (String k : rn.keys()) {
            if (!known.contains(k)) throw new ConfigException(rn.pathOf(k), "is not a counter; known: " + String.join(", ", known));
            renamed.put(k, rn.requiredString(k));
        }
        kc.finish();
        c.finish();
        return new NicProfile(name, description, nakGen, nakReact, readGen, readReact, migReq, cnp, retx, rx, scheduler,
                new Counters(Set.copyOf(frozen), renamed));
    }
}
