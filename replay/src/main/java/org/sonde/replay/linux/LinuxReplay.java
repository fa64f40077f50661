package org.sonde.replay.linux;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntConsumer;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.core.Json;
import org.sonde.core.OutputDirectory;
import org.sonde.replay.diagnose.TcpCaptureReader;
import org.sonde.replay.diagnose.TcpPacket;
import org.sonde.sim.tcp.TcpConfig;

/**
 * {@code sonde replay linux}: records real connections between two namespaces with the eBPF recorder, captures
 * them, replays each alone in the simulator's Linux-like TCP and compares the replayed header sequences with the
 * capture. Writes {@code DIR/recording.json} ({@link LinuxRecording}), {@code DIR/capture.pcapng} and
 * {@code DIR/agreement.json} ({@link LinuxAgreement}).
 */
public final class LinuxReplay {
    public static final String RECORDING = "recording.json", CAPTURE = "capture.pcapng", AGREEMENT = "agreement.json";

    private LinuxReplay() {}

    /** Runs, records, captures, replays and compares; {@code progress} hears how many connections finished. */
    public static LinuxAgreement run(LinuxReplayOptions o, Path out, IntConsumer progress) {
        try (OutputDirectory dir = OutputDirectory.create(out, "--out")) {
            Path capture = dir.path().resolve(CAPTURE);
            Path work = Files.createTempDirectory("sonde-replay-linux");
            LinuxRun.Raw raw;
            try {
                raw = LinuxRun.run(o, work, capture, progress);
            } finally {
                deleteQuietly(work);
            }
            // the tracepoints see every namespace: keep the run's own connections (its addresses), numbered again
            List<RecordedConnection> ours = new ArrayList<>();
            RecorderTrace.Trace trace = RecorderTrace.parse(raw.trace(), "the recorder's output");
            for (RecordedConnection c : trace.connections()) {
                if (c.clientIp() != null && !(c.clientIp().equals(LinuxRun.CLIENT_ADDRESS) && c.serverIp().equals(LinuxRun.SERVER_ADDRESS))) continue;
                ours.add(c.withId(ours.size()));
            }
            LinuxRecording rec = new LinuxRecording(raw.kernel(), raw.clientSysctls(), raw.serverSysctls(), raw.realtimeMinusMonotonic(), trace.timerTick(),
                    ours);
            Json.mapper().writerWithDefaultPrettyPrinter().writeValue(dir.path().resolve(RECORDING).toFile(), rec);
            LinuxAgreement a = compare(rec, capture, o, raw.connectionsRun());
            Json.mapper().writerWithDefaultPrettyPrinter().writeValue(dir.path().resolve(AGREEMENT).toFile(), a);
            dir.commit();
            return a;
        } catch (IOException e) {
            throw new EnvironmentException("cannot write " + out + ": " + e.getMessage(), "choose a writable directory", e);
        }
    }

    /**
     * Replays again the recording of an earlier run's output directory {@code dir} ({@link #run}'s {@code out}) and
     * compares it with that run's capture, with this build's model and without root: the agreement as {@link #run}
     * gives it, the run's options and connection count taken from its {@code agreement.json}.
     *
     * @throws EnvironmentException if a file is missing
     * @throws BadInputException if a file is not what {@link #run} writes
     */
    public static LinuxAgreement compareAgain(Path dir) {
        String hint = "give the --out directory of an earlier sonde replay linux";
        LinuxRecording rec = Json.read(dir.resolve(RECORDING), LinuxRecording.class, "file", hint);
        JsonNode saved = Json.read(dir.resolve(AGREEMENT), JsonNode.class, "file", hint);
        JsonNode options = saved.get("options"), run = saved.get("connectionsRun");
        if (options == null || run == null || !run.canConvertToInt()) {
            throw new BadInputException(dir.resolve(AGREEMENT).toString(), null, "has no options or connectionsRun", hint, null);
        }
        LinuxReplayOptions o;
        try {
            o = Json.mapper().treeToValue(options, LinuxReplayOptions.class);
        } catch (JsonProcessingException e) {
            throw Json.badInput(dir.resolve(AGREEMENT) + ", options", e, hint);
        }
        Path capture = dir.resolve(CAPTURE);
        if (!Files.isRegularFile(capture)) throw new EnvironmentException("file " + capture + " does not exist: the run's capture, which the replay is compared with", hint);
        return compare(rec, capture, o, run.asInt());
    }


    /** Replays every replayable connection of {@code rec} and compares it with {@code capture}. */
    static LinuxAgreement compare(LinuxRecording rec, Path capture, LinuxReplayOptions o, int connectionsRun) {
        Map<String, List<TcpPacket>> byTuple = new HashMap<>();
        new TcpCaptureReader().read(capture, p -> byTuple.computeIfAbsent(p.src().ip() + ":" + p.src().port() + ">" + p.dst().ip() + ":" + p.dst().port(),
                k -> new ArrayList<>()).add(p));
        KernelTcpConfig client = KernelTcpConfig.of(rec.clientSysctls(), rec.kernel()), server = KernelTcpConfig.of(rec.serverSysctls(), rec.kernel());
        List<String> notes = new ArrayList<>(client.notes());
        if (!client.config().equals(server.config())) notes.add("the namespaces' TCP settings differ; the replay uses the client's for both");
        KernelTimerTick tick = rec.timerTick();
        if (tick == null) notes.add("the recorder saw too few timer ticks to tell them: the model's timers fire at their deadlines, not at ticks");
        List<Long> delays = new ArrayList<>();
        for (RecordedConnection c : rec.connections()) if (c.problem() == null && c.oneWayDelayNanos() > 0) delays.add(c.oneWayDelayNanos());
        Collections.sort(delays);
        long defaultDelay = delays.isEmpty() ? 20_000 : delays.get(delays.size() / 2);
        List<ConnectionAgreement> out = new ArrayList<>();
        List<Long> errors = new ArrayList<>();
        Map<String, Integer> causes = new TreeMap<>();
        long captured = 0, replayed = 0, drops = 0, retrans = 0, refused = 0;
        int identical = 0, fromClient = 0, fromServer = 0, strictly = 0, replayable = 0;
        long psh = 0, windows = 0;
        for (RecordedConnection c : rec.connections()) {
            drops += c.drops().size();
            retrans += c.kernelEvents().stream().filter(e -> e.what().equals("retransmission")).count();
            if (c.problem() != null) continue;
            replayable++;
            long base = rec.realtimeMinusMonotonicNanos() + c.connectNanos();
            List<HeaderRow> capC = rows(byTuple.get(c.clientIp() + ":" + c.clientPort() + ">" + c.serverIp() + ":" + c.serverPort()), c.clientIss(), c.serverIss(), base);
            List<HeaderRow> capS = rows(byTuple.get(c.serverIp() + ":" + c.serverPort() + ">" + c.clientIp() + ":" + c.clientPort()), c.serverIss(), c.clientIss(), base);
            // the simulation starts at the client's connect: jiffies was 0 that long before it
            TcpConfig config = tick == null ? client.config() : client.config().withTimerTicks(tick.tickNanos(), tick.originMonotonicNanos() - c.connectNanos());
            LinuxConnectionReplayer.Replayed r = LinuxConnectionReplayer.replay(c, config, defaultDelay);
            ConnectionAgreement ag = HeaderComparison.compare(c, capC, r.fromClient(), capS, r.fromServer(), r.refusedCalls(), errors);
            out.add(ag);
            captured += capC.size() + capS.size();
            replayed += r.fromClient().size() + r.fromServer().size();
            if (ag.identicalFromClient()) fromClient++;
            if (ag.identicalFromServer()) fromServer++;
            if (ag.identicalFromClient() && ag.identicalFromServer()) identical++;
            if (ag.identicalStrictly()) strictly++;
            refused += ag.refusedCalls().size();
            psh += ag.pshDiffers();
            windows += ag.windowDiffers();
            Divergence first = ag.first();
            if (first != null) causes.merge(first.direction() + ": " + first.cause(), 1, Integer::sum);
        }
        Collections.sort(errors);
        return new LinuxAgreement(rec.kernel(), o, connectionsRun, rec.connections().size(), replayable, identical, fromClient, fromServer, strictly,
                captured, replayed, errors.size(), psh, windows, quantile(errors, 0.5), quantile(errors, 0.99), errors.isEmpty() ? null : errors.getLast(), drops, retrans,
                refused, causes, notes, out);
    }

    /** A direction's captured packets as header rows, times from the client's connect. */
    private static List<HeaderRow> rows(List<TcpPacket> packets, long mySeq, long peerSeq, long baseRealtime) {
        List<HeaderRow> out = new ArrayList<>();
        if (packets == null) return out;
        for (TcpPacket p : packets) {
            boolean acks = p.has(TcpPacket.ACK);
            out.add(new HeaderRow(p.timeNanos() - baseRealtime, (p.seq() - mySeq) & 0xFFFF_FFFFL, acks ? (p.ack() - peerSeq) & 0xFFFF_FFFFL : 0,
                    p.flags() & 0xFF, p.payloadBytes(), p.window()));
        }
        return out;
    }

    private static Long quantile(List<Long> sorted, double q) {
        if (sorted.isEmpty()) return null;
        return sorted.get((int) Math.min(sorted.size() - 1, Math.ceil(q * sorted.size()) - 1));
    }

    /** The terminal summary. */
    public static List<String> summary(LinuxAgreement a) {
        List<String> l = new ArrayList<>();
        l.add(String.format(Locale.ROOT, "%s: %d connections run, %d recorded, %d replayed; loss %.1f %% per direction (%d segments dropped, %d kernel retransmissions)",
                a.kernel(), a.connectionsRun(), a.connectionsRecorded(), a.connectionsReplayed(), a.options().loss() * 100, a.drops(), a.kernelRetransmissions()));
        l.add(String.format(Locale.ROOT, "  identical header sequences (seq ack flags len, PSH aside): %d of %d connections (client->server %d, server->client %d);"
                + " with PSH and windows %d", a.identical(), a.connectionsReplayed(), a.identicalFromClient(), a.identicalFromServer(), a.identicalStrictly()));
        l.add(String.format(Locale.ROOT, "  packets captured %,d, replayed %,d, compared %,d (PSH differs in %,d, window in %,d)", a.packetsCaptured(),
                a.packetsReplayed(), a.packetsCompared(), a.pshDiffers(), a.windowDiffers()));
        l.add(String.format(Locale.ROOT, "  send-time error of the compared packets: median %s, p99 %s, max %s", micros(a.sendTimeErrorMedianNanos()),
                micros(a.sendTimeErrorP99Nanos()), micros(a.sendTimeErrorMaxNanos())));
        for (Map.Entry<String, Integer> e : a.divergencesByCause().entrySet()) l.add("  divergence " + e.getKey() + ": " + e.getValue());
        if (a.refusedCalls() > 0) l.add("  recorded calls the model could not make (its socket closed or not open): " + a.refusedCalls());
        for (String n : a.modelNotes()) l.add("  model: " + n);
        return l;
    }

    private static String micros(Long nanos) {
        return nanos == null ? "-" : String.format(Locale.ROOT, "%.1f us", nanos / 1e3);
    }

    private static void deleteQuietly(Path dir) {
        try (var s = Files.walk(dir)) {
            for (Path p : s.sorted(Collections.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            // a temporary directory left behind is harmless
        }
    }
}
