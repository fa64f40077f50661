package org.sonde.inject.mirror;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.inject.config.DumperSpec;
import org.sonde.inject.config.MirrorConfig;

/**
 * The switch's mirror ports and the dumpers behind them: each mirrored copy goes to the next dumper in
 * weighted round robin, counted on that dumper's mirror port (the switch's egress counter).
 */
public final class MirrorPool implements AutoCloseable {
    private final List<Dumper> dumpers = new ArrayList<>();
    private final List<Path> files = new ArrayList<>();
    private final int[] mirrorPorts;
    private final long[] egress;
    private final WeightedRoundRobin roundRobin;

    /**
     * @param directory      where each dumper writes {@code NAME.pcap}
     * @param firstMirrorPort switch port number of the first dumper; the others follow
     */
    public MirrorPool(MirrorConfig config, Path directory, int firstMirrorPort) {
        int n = config.dumpers().size();
        mirrorPorts = new int[n];
        egress = new long[n];
        int[] weights = new int[n];
        try {
            for (int i = 0; i < n; i++) {
                DumperSpec d = config.dumpers().get(i);
                Path file = directory.resolve(d.name() + ".pcap");
                dumpers.add(new Dumper(d, file, config.snapLength(), config.rewriteUdpDstPort()));
                files.add(file);
                mirrorPorts[i] = firstMirrorPort + i;
                weights[i] = d.weight();
            }
        } catch (RuntimeException e) {
            abort();
            throw e;
        }
        roundRobin = new WeightedRoundRobin(weights);
    }

    /** Sends a mirrored copy (already carrying its metadata) to the next dumper, which gets it at {@code epochNanos}. */
    public void send(long epochNanos, byte[] copy) {
        int i = roundRobin.next();
        egress[i]++;
        dumpers.get(i).receive(epochNanos, copy, copy.length);
    }

    /** Copies sent per mirror port. */
    public Map<Integer, Long> egressCounters() {
        Map<Integer, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < mirrorPorts.length; i++) m.put(mirrorPorts[i], egress[i]);
        return m;
    }

    public List<Dumper> dumpers() {
        return List.copyOf(dumpers);
    }

    /** The dumpers' capture files, in pool order. */
    public List<Path> files() {
        return List.copyOf(files);
    }

    public void abort() {
        for (Dumper d : dumpers) d.abort();
    }

    @Override
    public void close() {
        for (Dumper d : dumpers) d.close();
    }
}
