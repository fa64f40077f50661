package org.sonde.inject.testbed;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.core.EnvironmentException;
import org.sonde.inject.analyze.TraceAnalyzer;
import org.sonde.inject.config.TestConfig;
import org.sonde.inject.config.Traffic;
import org.sonde.inject.mirror.InjectingSwitchStage;
import org.sonde.inject.mirror.IntegrityCheck;
import org.sonde.inject.mirror.MirrorPool;
import org.sonde.inject.mirror.TraceDecoder;
import org.sonde.inject.mirror.TraceReconstructor;
import org.sonde.inject.mirror.TraceSink;
import org.sonde.inject.model.Endpoint;
import org.sonde.inject.model.IntegrityResult;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.RunCounters;
import org.sonde.inject.model.TestMetadata;
import org.sonde.inject.translate.InjectionMatcher;
import org.sonde.inject.translate.InjectionPlan;
import org.sonde.inject.translate.Translator;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Switch;
import org.sonde.sim.net.SwitchConfig;
import org.sonde.sim.rdma.NicProfile;
import org.sonde.sim.rdma.QueuePair;
import org.sonde.sim.rdma.RdmaNic;
import org.sonde.sim.rdma.RoceConfig;

/**
 * Lumina's testbed in the simulator: the requester and the responder, each with a RoCE NIC of the chosen
 * profile, on switch ports 0 and 1 of the injecting switch, whose mirror ports (2, 3, ...) lead to the
 * dumper pool. A run follows Lumina's order: the generators create their QPs (random QPNs and initial
 * PSNs from the seed), the injector is programmed from that metadata, then traffic starts; afterwards the
 * counters are read, the dumpers' captures merged and the trace's integrity checked.
 *
 * <p>The hosts' addresses are the test's {@code nic.ip-list}s, or else 10.0.g.1 for the requester and
 * 10.0.g.2 for the responder, GID g = 0 only, or 0..{@value #DEFAULT_GIDS}−1 with {@code multi-gid}. With
 * {@code multi-gid} QP i uses each host's address i mod (its number of addresses), Lumina's rule;
 * without it every QP uses the first.
 */
public final class SimulatedTestbed {
    /** Simulated time 0 in the captures: 2026-01-01T00:00:00Z, so runs give identical files. */
    public static final long EPOCH_NANOS = 1_767_225_600_000_000_000L;
    /** A run stops at this simulated time even if traffic is still going (e.g. a QP waiting on a held packet). */
    public static final long TIME_LIMIT_NANOS = 60_000_000_000L;
    static final int REQUESTER_PORT = 0;
    static final int RESPONDER_PORT = 1;
    static final int FIRST_MIRROR_PORT = 2;
    /** Addresses per host with {@code multi-gid} when the test lists none. */
    static final int DEFAULT_GIDS = 4;
    private static final int REQUESTER_HOST = 1, RESPONDER_HOST = 2;

    private SimulatedTestbed() {}

    public static InjectionResult run(TestConfig config, TargetSpec.Simulated target, long seed, Path outDir) {
        Traffic traffic = config.traffic();
        NicProfile profile = NicProfile.load(target.profile());
        Network net = new Network(seed);
        Simulator sim = net.simulator();
        List<Integer> requesterIps = addresses(config.requesterIps(), traffic.multiGid(), REQUESTER_HOST);
        List<Integer> responderIps = addresses(config.responderIps(), traffic.multiGid(), RESPONDER_HOST);
        Host requester = addHost(net, "requester", requesterIps);
        Host responder = addHost(net, "responder", responderIps);
        Switch sw = net.addSwitch("injector", SwitchConfig.DEFAULT);
        net.connect(requester, sw, target.linkRateBps(), target.linkDelayNanos());
        net.connect(responder, sw, target.linkRateBps(), target.linkDelayNanos());
        net.computeRoutes();
        RoceConfig requesterConfig = NicSettings.roceConfig(traffic, config.requesterRoce(), profile);
        RoceConfig responderConfig = NicSettings.roceConfig(traffic, config.responderRoce(), profile);
        RdmaNic requesterNic = new RdmaNic(requester, requesterConfig);
        RdmaNic responderNic = new RdmaNic(responder, responderConfig);

        QueuePair[] requesterQps = new QueuePair[traffic.numQps()];
        List<QpPair> pairs = new ArrayList<>();
        for (int i = 0; i < traffic.numQps(); i++) {
            int requesterIp = requesterIps.get(i % requesterIps.size());
            int responderIp = responderIps.get(i % responderIps.size());
            QueuePair[] qp = traffic.initialPsn() < 0 ? RdmaNic.connect(requesterNic, requesterIp, responderNic, responderIp)
                    : RdmaNic.connect(requesterNic, requesterIp, responderNic, responderIp, traffic.initialPsn());
            if (!traffic.dscpList().isEmpty()) {
                int trafficClass = traffic.dscpList().get(i % traffic.dscpList().size()) >> 3; // the simulator's DSCP is class × 8
                qp[0].setPriority(trafficClass);
                qp[1].setPriority(trafficClass);
            }
            if (traffic.verbOfQp(i) == org.sonde.sim.rdma.Verb.SEND) qp[1].postReceive(traffic.messagesPerQp());
            requesterQps[i] = qp[0];
            pairs.add(new QpPair(i, traffic.verbOfQp(i), new Endpoint(qp[0].qpn(), qp[0].initialPsn(), requesterIp, REQUESTER_PORT),
                    new Endpoint(qp[1].qpn(), qp[1].initialPsn(), responderIp, RESPONDER_PORT)));
        }
        TestMetadata metadata = new TestMetadata(pairs, traffic.messagesPerQp(), traffic.messageSizeBytes(), traffic.mtu(),
                config.convention().firstQpNumber());
        InjectionPlan plan = Translator.translate(config, metadata);

        Path dumperDir = outDir.resolve("dumpers");
        try {
            Files.createDirectories(dumperDir);
        } catch (IOException e) {
            throw new EnvironmentException("cannot create " + dumperDir + ": " + e.getMessage(), "check that " + outDir + " is writable", e);
        }
        MirrorPool pool = new MirrorPool(config.mirror(), dumperDir, FIRST_MIRROR_PORT);
        InjectingSwitchStage injector;
        GeneratorReport report;
        Map<String, Long> requesterStart = requesterNic.counterValues();
        Map<String, Long> responderStart = responderNic.counterValues();
        try {
            injector = new InjectingSwitchStage(sim, new InjectionMatcher(plan), pool, config.mirror().rewriteUdpDstPort(),
                    net.random().stream("injector/mirror-source-port"), EPOCH_NANOS);
            injector.watch(sw.port(REQUESTER_PORT));
            injector.watch(sw.port(RESPONDER_PORT));
            TrafficGenerator generator = new TrafficGenerator(traffic, requesterQps, sim::now);
            generator.start();
            sim.runUntil(TIME_LIMIT_NANOS);
            report = generator.report();
        } catch (RuntimeException e) {
            pool.abort();
            throw e;
        }
        pool.close();
        RunCounters counters = new RunCounters(injector.ingressCounters(), pool.egressCounters(),
                delta(requesterStart, requesterNic.counterValues()), delta(responderStart, responderNic.counterValues()));
        IntegrityCheck check = new IntegrityCheck();
        TraceAnalyzer analyzer = new TraceAnalyzer(metadata,
                Expectations.of(metadata, traffic, profile, requesterConfig, config.requesterRoce(), responderConfig, config.responderRoce()));
        Path trace = outDir.resolve("trace.pcap");
        // one pass: the merged trace is written, checked and analysed as it streams by
        TraceReconstructor.reconstruct(pool.files(), trace, TraceReconstructor.Format.PCAP, EPOCH_NANOS,
                TraceSink.tee(check, TraceDecoder.decoding(trace.toString(), analyzer::accept)));
        IntegrityResult integrity = check.finish(counters);
        return new InjectionResult(trace, pool.files(), metadata, plan, counters, integrity, report, injector.stillHeld(),
                analyzer.finish(integrity, counters));
    }

    /**
     * The addresses a host's QPs use in turn: the test's list (only its first without multi-gid), or else
     * 10.0.g.{@code hostNumber} for GID g = 0, or 0..{@value #DEFAULT_GIDS}−1 with multi-gid.
     */
    static List<Integer> addresses(List<Integer> ipList, boolean multiGid, int hostNumber) {
        if (!ipList.isEmpty()) return multiGid ? ipList : ipList.subList(0, 1);
        List<Integer> ips = new ArrayList<>();
        for (int gid = 0; gid < (multiGid ? DEFAULT_GIDS : 1); gid++) ips.add(0x0A00_0000 | gid << 8 | hostNumber);
        return ips;
    }

    private static Host addHost(Network net, String name, List<Integer> ips) {
        Host h = net.addHost(name, ips.getFirst(), HostConfig.DEFAULT);
        for (int alias : ips.subList(1, ips.size())) net.addAddress(h, alias);
        return h;
    }

    private static Map<String, Long> delta(Map<String, Long> start, Map<String, Long> end) {
        Map<String, Long> d = new LinkedHashMap<>();
        for (var e : end.entrySet()) d.put(e.getKey(), e.getValue() - start.getOrDefault(e.getKey(), 0L));
        return d;
    }
}
