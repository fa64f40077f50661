package org.sonde.inject.tcp.linux;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.sonde.capture.CaptureWriter;
import org.sonde.core.Json;
import org.sonde.core.UsageException;
import org.sonde.inject.tcp.TcpInjectionPlan;
import org.sonde.inject.tcp.TcpTrace;
import org.sonde.netio.Cpus;
import org.sonde.netio.NfQueue;
import org.sonde.netio.PacketSocket;
import org.sonde.netio.RawIpSocket;
import org.sonde.netio.Testbed;
import org.sonde.packet.EthernetHeader;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.MacAddress;
import org.sonde.sim.stats.RunStatistics;

/**
 * How many packets per second the Linux target's injector holds: the zero-loss throughput of
 * RFC 2544 (section 26.1) for the middle box of {@link LinuxTcpTarget} with its queue and
 * {@link TcpInjector} (every packet classified, matched against an empty plan, given its
 * verdict and mirrored into a pcapng as in a test). A {@link SegmentBlaster} offers a bulk
 * transfer's packets at a fixed rate for a trial; the rate is held when every packet left the
 * middle box towards its host by the end of the trial plus {@link Settings#drainNanos}, with no
 * packet dropped by the queue (they are counted and dropped on the way out, so the hosts' stacks
 * cost nothing). A trial whose sender did not reach the offered rate (descheduled on a loaded
 * machine) offered nothing to judge and is run again, twice at most. A binary search between the
 * settings' bounds finds the highest rate held. The same
 * search with {@link Settings#plainForwarding} (no queue) gives the machine's own ceiling for the
 * same packets, the reference to compare with: there the kernel forwards on the CPU the injector
 * would have had. As in a test, the injector keeps the last CPU to itself and what reaches the hosts
 * is processed on the others; the sender runs on those too.
 *
 * <pre>{@code
 * InjectorCapacity.Result r = InjectorCapacity.measure(InjectorCapacity.Settings.defaults(), trial -> log(trial));
 * long held = r.zeroLossPacketsPerSecond();
 * }</pre>
 */
public final class InjectorCapacity {
    private static final String NFT_TABLE = "sonde_capacity";
    private static final int FIRST_PORT = 20_000;
    private static final long WARM_UP_NANOS = 500_000_000L;
    /** How often a trial whose sender fell short of the offered rate is run again. */
    private static final int SENDER_RETRIES = 2;

    /**
     * What to search.
     *
     * @param minRate the lowest rate tried, packets per second (both directions together)
     * @param maxRate the highest rate tried
     * @param resolution the search stops when the bounds are this close
     * @param trialNanos how long each rate is offered
     * @param drainNanos after a trial, how long late packets still count as delivered
     * @param connections connections the packets belong to
     * @param plainForwarding no queue: the middle box forwards in the kernel (the reference)
     */
    public record Settings(long minRate, long maxRate, long resolution, long trialNanos, long drainNanos, int connections, boolean plainForwarding) {
        public Settings {
            if (minRate < 1_000) throw new UsageException("--min-rate " + minRate + ": at least 1000 packets/s", "give a larger --min-rate");
            if (maxRate <= minRate) throw new UsageException("--max-rate " + maxRate + " is not above --min-rate " + minRate, "give a larger --max-rate");
            if (maxRate > 10_000_000) throw new UsageException("--max-rate " + maxRate + ": at most 10,000,000 packets/s", "give a smaller --max-rate");
            if (resolution < 100) throw new UsageException("--resolution " + resolution + ": at least 100 packets/s", "give a larger --resolution");
            if (trialNanos < 100_000_000L || trialNanos > 600_000_000_000L) {
                throw new UsageException("--trial " + trialNanos / 1e9 + " s: between 0.1 s and 600 s", "give --trial like 2s");
            }
            if (drainNanos < 0 || drainNanos > 10_000_000_000L) throw new UsageException("--drain: between 0 and 10 s", "give --drain like 100ms");
            if (connections < 1 || connections > 1_000) throw new UsageException("--connections " + connections + ": 1..1000", "give --connections like 4");
        }

        public static Settings defaults() {
            return new Settings(10_000, 400_000, 5_000, 2_000_000_000L, 100_000_000L, 4, false);
        }
    }

    /**
     * One rate offered for one trial.
     *
     * @param offeredRate the rate asked for
     * @param sentRate the rate the blaster reached (frames over the trial's time)
     * @param sent frames sent (handshakes included)
     * @param delivered frames that left the middle box towards their host by the end of the trial plus the drain
     * @param queueDropped frames the queue dropped (full, or failed to reach the injector)
     * @param addedMedianNanos median delay the injector added (kernel receipt to verdict); -1 without a queue
     * @param addedP99Nanos its 99th percentile; -1 without a queue
     * @param unclassified packets the injector saw that it could not place in a connection (0: it followed every one)
     * @param injectorCpuNanosPerPacket the injector thread's CPU time per packet (its verdicts carry the forwarding); -1 without a queue
     * @param held every frame delivered in time, none dropped, and the offered rate reached
     * @param why in words, when not held
     */
    public record Trial(long offeredRate, double sentRate, long sent, long delivered, long queueDropped, long addedMedianNanos, long addedP99Nanos,
                        long unclassified, long injectorCpuNanosPerPacket, boolean held, String why) {
        /** The share of the offered rate the sender must reach for the trial to have offered it. */
        static final double OFFERED_SHARE = 0.97;

        /** Whether the sender reached the offered rate: a trial that did not says nothing of the injector. */
        public boolean rateOffered() {
            return sentRate >= OFFERED_SHARE * offeredRate;
        }
    }

    /**
     * @param zeroLossRate the highest rate held; 0 when even {@link Settings#minRate} was not
     * @param maxRateHeld the search's top rate was held, so the capacity may be higher
     */
    public record Result(Settings settings, String kernel, int cores, List<Trial> trials, long zeroLossRate, boolean maxRateHeld) {
        public Result {
            trials = List.copyOf(trials);
        }

        public ObjectNode toJson() {
            ObjectNode o = Json.mapper().createObjectNode();
            o.put("mode", settings.plainForwarding ? "plain-forwarding" : "injector");
            o.put("kernel", kernel);
            o.put("cores", cores);
            o.put("zeroLossPacketsPerSecond", zeroLossRate);
            o.put("maxRateHeld", maxRateHeld);
            ObjectNode s = o.putObject("settings");
            s.put("minRate", settings.minRate);
            s.put("maxRate", settings.maxRate);
            s.put("resolution", settings.resolution);
            s.put("trialNanos", settings.trialNanos);
            s.put("drainNanos", settings.drainNanos);
            s.put("connections", settings.connections);
            ArrayNode a = o.putArray("trials");
            for (Trial t : trials) {
                ObjectNode x = a.addObject();
                x.put("offeredPacketsPerSecond", t.offeredRate);
                x.put("sentPacketsPerSecond", Math.round(t.sentRate));
                x.put("sent", t.sent);
                x.put("delivered", t.delivered);
                x.put("queueDropped", t.queueDropped);
                x.put("unclassified", t.unclassified);
                if (t.addedMedianNanos < 0) x.putNull("addedDelayMedianNanos");
                else x.put("addedDelayMedianNanos", t.addedMedianNanos);
                if (t.addedP99Nanos < 0) x.putNull("addedDelayP99Nanos");
                else x.put("addedDelayP99Nanos", t.addedP99Nanos);
                if (t.injectorCpuNanosPerPacket < 0) x.putNull("injectorCpuNanosPerPacket");
                else x.put("injectorCpuNanosPerPacket", t.injectorCpuNanosPerPacket);
                x.put("held", t.held);
                if (t.why == null) x.putNull("why");
                else x.put("why", t.why);
            }
            return o;
        }

        /** The finding first, then one line per trial. */
        public String summary() {
            StringBuilder sb = new StringBuilder();
            String what = settings.plainForwarding ? "plain forwarding (no queue)" : "the injector";
            sb.append(String.format(Locale.ROOT, "%s holds %,d packets/s with no loss%s (kernel %s, %d cores)%n", what, zeroLossRate,
                    maxRateHeld ? ", the highest rate tried: raise --max-rate" : zeroLossRate == 0 ? " at any rate tried: lower --min-rate" : "",
                    kernel, cores));
            for (Trial t : trials) {
                sb.append(String.format(Locale.ROOT, "  %,9d/s offered  %,9.0f/s sent  %s", t.offeredRate, t.sentRate, t.held ? "held" : "not held: " + t.why));
                if (t.addedMedianNanos >= 0) {
                    sb.append(String.format(Locale.ROOT, "  (added delay median %.1f us, p99 %.1f us; injector CPU %.2f us/packet)",
                            t.addedMedianNanos / 1e3, t.addedP99Nanos / 1e3, t.injectorCpuNanosPerPacket / 1e3));
                }
                sb.append('\n');
            }
            return sb.toString();
        }
    }

    private InjectorCapacity() {}

    /** Builds the testbed, runs the search and removes the testbed; {@code progress} hears of every trial as it ends. */
    public static Result measure(Settings settings, Consumer<Trial> progress) {
        Testbed.requireRoot();
        Testbed.deleteStale(LinuxTcpTarget.PREFIX);
        try (Testbed t = LinuxTcpTarget.create(LinuxTcpTarget.layout())) {
            return search(t, settings, progress);
        }
    }

    private static Result search(Testbed t, Settings settings, Consumer<Trial> progress) {
        String kernel = t.exec(LinuxTcpTarget.CLIENT, "uname", "-r").strip();
        MacAddress clientMac = mac(t, LinuxTcpTarget.CLIENT, "eth0"), serverMac = mac(t, LinuxTcpTarget.SERVER, "eth0");
        MacAddress middleClientSide = mac(t, LinuxTcpTarget.MIDDLE, LinuxTcpTarget.CLIENT_SIDE);
        MacAddress middleServerSide = mac(t, LinuxTcpTarget.MIDDLE, LinuxTcpTarget.SERVER_SIDE);
        // the middle box knows the hosts without asking: no first packet waits for ARP
        t.exec(LinuxTcpTarget.MIDDLE, "ip", "neigh", "replace", LinuxTcpTarget.CLIENT_ADDRESS, "lladdr", clientMac.toString(),
                "dev", LinuxTcpTarget.CLIENT_SIDE, "nud", "permanent");
        t.exec(LinuxTcpTarget.MIDDLE, "ip", "neigh", "replace", LinuxTcpTarget.SERVER_ADDRESS, "lladdr", serverMac.toString(),
                "dev", LinuxTcpTarget.SERVER_SIDE, "nud", "permanent");
        // the TCP leaving the middle box is counted and dropped on its way out, so the hosts' stacks cost nothing
        StringBuilder nft = new StringBuilder("add table netdev " + NFT_TABLE);
        for (String side : List.of(LinuxTcpTarget.CLIENT_SIDE, LinuxTcpTarget.SERVER_SIDE)) {
            nft.append("; add chain netdev ").append(NFT_TABLE).append(' ').append(side).append(" { type filter hook egress device ").append(side)
                    .append(" priority 0 ; policy accept ; }; add rule netdev ").append(NFT_TABLE).append(' ').append(side)
                    .append(" ip protocol tcp counter drop");
        }
        t.exec(LinuxTcpTarget.MIDDLE, "nft", nft.toString());
        if (!settings.plainForwarding) LinuxTcpTarget.queueForwardedTcp(t);
        int injectorCpu = LinuxTcpTarget.dedicateCpu(t);
        if (settings.plainForwarding && injectorCpu >= 0) {
            // the kernel forwards on the CPU the injector would have, as the injector's verdicts forward there
            for (String side : List.of(LinuxTcpTarget.CLIENT_SIDE, LinuxTcpTarget.SERVER_SIDE)) t.steerReceive(LinuxTcpTarget.MIDDLE, side, 1L << injectorCpu);
        }
        Path scratch;
        try {
            scratch = Files.createTempDirectory("sonde-capacity");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory for the trials' traces", e);
        }
        try (PacketSocket client = t.call(LinuxTcpTarget.CLIENT, () -> PacketSocket.open("eth0"));
             PacketSocket server = t.call(LinuxTcpTarget.SERVER, () -> PacketSocket.open("eth0"));
             NfQueue queue = settings.plainForwarding ? null : LinuxTcpTarget.openQueue(t);
             RawIpSocket raw = settings.plainForwarding ? null : t.call(LinuxTcpTarget.MIDDLE, RawIpSocket::open)) {
            SegmentBlaster blaster = new SegmentBlaster(client, server, EthernetHeader.of(middleClientSide, clientMac),
                    EthernetHeader.of(middleServerSide, serverMac), Ipv4Address.parse(LinuxTcpTarget.CLIENT_ADDRESS),
                    Ipv4Address.parse(LinuxTcpTarget.SERVER_ADDRESS), settings.connections);
            Trials trials = new Trials(t, settings, blaster, queue, raw, t.interfaceIndex(LinuxTcpTarget.MIDDLE, LinuxTcpTarget.CLIENT_SIDE),
                    injectorCpu, scratch, progress);
            // the code on the packets' path compiled before anything counts (RFC 2544's warm-up, section 23)
            trials.run(settings.minRate, Math.min(settings.trialNanos, WARM_UP_NANOS));
            // RFC 2544: the top rate first; then halve the interval between the highest held and the lowest not held
            if (trials.run(settings.maxRate).held) {
                return new Result(settings, kernel, Runtime.getRuntime().availableProcessors(), trials.done, settings.maxRate, true);
            }
            long low = 0, high = settings.maxRate;
            if (trials.run(settings.minRate).held) low = settings.minRate;
            else high = settings.minRate;
            while (low > 0 && high - low > settings.resolution) {
                long mid = (low + high) / 2;
                if (trials.run(mid).held) low = mid;
                else high = mid;
            }
            return new Result(settings, kernel, Runtime.getRuntime().availableProcessors(), trials.done, low, false);
        } finally {
            try {
                Files.deleteIfExists(scratch);
            } catch (IOException e) {
                // an empty temporary directory left behind is harmless
            }
        }
    }

    /** The trials of one search, on one testbed. */
    private static final class Trials {
        final Testbed t;
        final Settings settings;
        final SegmentBlaster blaster;
        final NfQueue queue;
        final RawIpSocket raw;
        final int clientInterface, injectorCpu;
        final Path scratch;
        final Consumer<Trial> progress;
        final List<Trial> done = new ArrayList<>();
        int nextPort = FIRST_PORT;

        Trials(Testbed t, Settings settings, SegmentBlaster blaster, NfQueue queue, RawIpSocket raw, int clientInterface, int injectorCpu,
               Path scratch, Consumer<Trial> progress) {
            this.t = t;
            this.settings = settings;
            this.blaster = blaster;
            this.queue = queue;
            this.raw = raw;
            this.clientInterface = clientInterface;
            this.injectorCpu = injectorCpu;
            this.scratch = scratch;
            this.progress = progress;
        }

        /**
         * A counted trial at {@code rate}. One whose sender fell short (a loaded machine descheduled it) did not offer the
         * rate and is run again, twice at most, as RFC 2544 repeats an invalid trial; the last one run counts.
         */
        Trial run(long rate) {
            Trial trial = run(rate, settings.trialNanos);
            for (int again = 0; again < SENDER_RETRIES && !trial.rateOffered(); again++) trial = run(rate, settings.trialNanos);
            done.add(trial);
            progress.accept(trial);
            return trial;
        }

        /** One trial, not recorded: what it measured. */
        Trial run(long rate, long nanos) {
            Path trace = scratch.resolve("trial.pcapng");
            TcpInjector injector = null;
            Thread thread = null;
            long deliveredBefore = delivered(), droppedBefore = queue == null ? 0 : LinuxTcpTarget.queueDropped(t);
            try (CaptureWriter mirror = queue == null ? null : CaptureWriter.pcapng(trace, TcpTrace.INTERFACES, "sonde inject capacity")) {
                if (queue != null) {
                    injector = new TcpInjector(queue, raw, mirror, new TcpInjectionPlan(List.of()), clientInterface, injectorCpu);
                    thread = Thread.ofPlatform().name("tcp-injector").start(injector);
                }
                long[] blast = send(rate, nanos);
                long sent = blast[2];
                sleep(settings.drainNanos);
                long delivered = delivered() - deliveredBefore;
                // what is still queued goes before the next trial, counted as late
                if (queue != null) awaitEmptyQueue();
                long dropped = queue == null ? 0 : LinuxTcpTarget.queueDropped(t) - droppedBefore;
                long[] added = new long[] {-1, -1};
                long cpuPerPacket = -1, unclassified = 0;
                if (injector != null) {
                    injector.stop();
                    join(thread);
                    if (injector.failure() != null) throw new IllegalStateException("the injector failed: " + injector.failure(), injector.failure());
                    added = percentiles(injector.addedNanos());
                    cpuPerPacket = injector.cpuNanos() / Math.max(1, injector.entries().size());
                    unclassified = injector.entries().stream().filter(e -> e.info().connection() == 0).count();
                }
                double sentRate = blast[0] * 1e9 / blast[1];
                String why = null;
                if (dropped > 0) why = String.format(Locale.ROOT, "the queue dropped %,d packets", dropped);
                else if (delivered < sent) why = String.format(Locale.ROOT, "%,d of %,d packets late or lost", sent - delivered, sent);
                else if (sentRate < Trial.OFFERED_SHARE * rate) why = String.format(Locale.ROOT, "the sender reached only %,.0f/s", sentRate);
                Trial trial = new Trial(rate, sentRate, sent, delivered, dropped, added[0], added[1], unclassified, cpuPerPacket, why == null, why);
                return trial;
            } finally {
                if (injector != null && thread.isAlive()) {
                    injector.stop();
                    join(thread);
                }
                try {
                    Files.deleteIfExists(trace);
                } catch (IOException e) {
                    // the next trial overwrites it
                }
            }
        }

        /**
         * Opens new connections (the ports move on, so the injector numbers them afresh) and offers
         * {@code rate}, from a thread kept off the injector's CPU; {frames of the blast, its nanos, all frames}.
         */
        private long[] send(long rate, long nanos) {
            int firstPort = nextPort;
            nextPort = nextPort + settings.connections > 65_000 ? FIRST_PORT : nextPort + settings.connections;
            try {
                return CompletableFuture.supplyAsync(() -> {
                    long hostCpus = LinuxTcpTarget.hostCpus(injectorCpu);
                    if (hostCpus != 0) Cpus.restrictCurrentThread(hostCpus);
                    long handshakes = blaster.open(firstPort);
                    long[] b = blaster.blast(rate, nanos);
                    return new long[] {b[0], b[1], handshakes + b[0]};
                }, r -> Thread.ofPlatform().name("capacity-sender").start(r)).join();
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException("the trial's sender failed", e.getCause());
            }
        }

        /** TCP packets that left the middle box towards either host so far (its egress counters). */
        private long delivered() {
            long n = 0;
            JsonNode table = readJson(t.exec(LinuxTcpTarget.MIDDLE, "nft", "-j", "list", "table", "netdev", NFT_TABLE));
            for (JsonNode item : table.path("nftables")) {
                for (JsonNode e : item.path("rule").path("expr")) n += e.path("counter").path("packets").asLong(0);
            }
            return n;
        }

        private void awaitEmptyQueue() {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (LinuxTcpTarget.queueWaiting(t) > 0) {
                if (System.nanoTime() > deadline) throw new IllegalStateException("the injector's queue did not empty within 30 s");
                sleep(10_000_000L);
            }
        }
    }

    /** {median, p99} of a sample (nearest rank), or {-1, -1} without one. */
    private static long[] percentiles(long[] sample) {
        long[] p = sample.clone();
        Arrays.sort(p);
        return new long[] {RunStatistics.percentile(p, 0.5), RunStatistics.percentile(p, 0.99)};
    }

    private static JsonNode readJson(String text) {
        try {
            return Json.mapper().readTree(text);
        } catch (IOException e) {
            throw new IllegalStateException("nft -j printed what is not JSON: " + e.getMessage(), e);
        }
    }

    private static MacAddress mac(Testbed t, String node, String iface) {
        return MacAddress.parse(t.exec(node, "cat", "/sys/class/net/" + iface + "/address").strip());
    }

    private static void sleep(long nanos) {
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static void join(Thread thread) {
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
