package org.sonde.inject.testbed;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.core.EnvironmentException;
import org.sonde.inject.config.TestConfig;
import org.sonde.inject.config.Traffic;
import org.sonde.inject.mirror.InjectingSwitchStage;
import org.sonde.inject.mirror.IntegrityCheck;
import org.sonde.inject.model.IntegrityResult;
import org.sonde.inject.mirror.MirrorPool;
import org.sonde.inject.mirror.TraceReconstructor;
import org.sonde.inject.model.Endpoint;
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

/**
 * Lumina's testbed in the simulator: the requester and the responder, each with a RoCE NIC of the chosen
 * profile, on switch ports 0 and 1 of the injecting switch, whose mirror ports (2, 3, ...) lead to the
 * dumper pool. A run follows Lumina's order: the generators create their QPs (random QPNs and initial
 * PSNs from the seed), the injector is programmed from that metadata, then traffic starts; afterwards the
 * counters are read, the dumpers' captures merged and the trace's integrity checked.
 *
 * <p>The simulated hosts have one address each, so {@code multi-gid} changes nothing here (as on a
 * Lumina host with one address in {@code ip-list}).
 */
public final class SimulatedTestbed {
    /** Simulated time 0 in the captures: 2026-01-01T00:00:00Z, so runs give identical files. */
    public static final long EPOCH_NANOS = 1_767_225_600_000_000_000L;
    /** A run stops at this simulated time even if traffic is still going (e.g. a QP waiting on a held packet). */
    public static final long TIME_LIMIT_NANOS = 60_000_000_000L;
    static final int REQUESTER_PORT = 0;
    static final int RESPONDER_PORT = 1;
    static final int FIRST_MIRROR_PORT = 2;

    private SimulatedTestbed() {}

    public static InjectionResult run(TestConfig config, TargetSpec.Simulated target, long seed, Path outDir) {
        Traffic traffic = config.traffic();
        NicProfile profile = NicProfile.load(target.profile());
        Network net = new Network(seed);
        Simulator sim = net.simulator();
        Host requester = net.addHost("requester", HostConfig.DEFAULT);
        Host responder = net.addHost("responder", HostConfig.DEFAULT);
        Switch sw = net.addSwitch("injector", SwitchConfig.DEFAULT);
        net.connect(requester, sw, target.linkRateBps(), target.linkDelayNanos());
        net.connect(responder, sw, target.linkRateBps(), target.linkDelayNanos());
        net.computeRoutes();
        RdmaNic requesterNic = new RdmaNic(requester, NicSettings.roceConfig(traffic, config.requesterRoce(), profile));
        RdmaNic responderNic = new RdmaNic(responder, NicSettings.roceConfig(traffic, config.responderRoce(), profile));

        QueuePair[] requesterQps = new QueuePair[traffic.numQps()];
        List<QpPair> pairs = new ArrayList<>();
        for (int i = 0; i < traffic.numQps(); i++) {
            QueuePair[] qp = traffic.initialPsn() < 0 ? RdmaNic.connect(requesterNic, responderNic)
                    : RdmaNic.connect(requesterNic, responderNic, traffic.initialPsn());
            if (!traffic.dscpList().isEmpty()) {
                int trafficClass = traffic.dscpList().get(i % traffic.dscpList().size()) >> 3; // the simulator's DSCP is class × 8
                qp[0].setPriority(trafficClass);
                qp[1].setPriority(trafficClass);
            }
            if (traffic.verbOfQp(i) == org.sonde.sim.rdma.Verb.SEND) qp[1].postReceive(traffic.messagesPerQp());
            requesterQps[i] = qp[0];
            pairs.add(new QpPair(i, traffic.verbOfQp(i), new Endpoint(qp[0].qpn(), qp[0].initialPsn(), requester.ip(), REQUESTER_PORT),
                    new Endpoint(qp[1].qpn(), qp[1].initialPsn(), responder.ip(), RESPONDER_PORT)));
        }
        TestMetadata metadata = new TestMetadata(pairs, traffic.messagesPerQp(), traffic.messageSizeBytes(), traffic.mtu());
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
        Path trace = outDir.resolve("trace.pcap");
        TraceReconstructor.reconstruct(pool.files(), trace, TraceReconstructor.Format.PCAP, EPOCH_NANOS, check);
        IntegrityResult integrity = check.finish(counters);
        return new InjectionResult(trace, pool.files(), metadata, plan, counters, integrity, report, injector.stillHeld());
    }

    private static Map<String, Long> delta(Map<String, Long> start, Map<String, Long> end) {
        Map<String, Long> d = new LinkedHashMap<>();
        for (var e : end.entrySet()) d.put(e.getKey(), e.getValue() - start.getOrDefault(e.getKey(), 0L));
        return d;
    }
}
