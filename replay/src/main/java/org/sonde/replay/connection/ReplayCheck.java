package org.sonde.replay.connection;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.sonde.core.Json;
import org.sonde.core.UsageException;
import org.sonde.replay.recording.ConnectionLog;
import org.sonde.replay.recording.Recording;
import org.sonde.replay.recording.ScenarioRecording;
import org.sonde.sim.net.IpFrame;

/**
 * {@code sonde replay check}: replays every connection of a recording made with {@code --capture} and compares each
 * with the capture of the run (each packet as it left its sender), one to one in each direction: the same number of
 * packets, each with the same IP and TCP headers (options included) at the same nanosecond, and the replayed send
 * times within the threshold of the recorded samples.
 */
public final class ReplayCheck {
    /** A connection whose replay differs from the run, and how. */
    public record Mismatch(int id, String src, String dst, String what) {}

    public record Result(int connections, int identical, long packets, long maxSendTimeErrorNanos, long thresholdNanos, List<Mismatch> mismatches,
                         double wallSeconds) {
        public boolean agrees() {
            return identical == connections;
        }
    }

    private static final int MAX_MISMATCHES = 50;

    private ReplayCheck() {
    }

    private record Captured(long timeNanos, byte[] headers) {}

    /** @throws UsageException if {@code dir} was recorded without {@code --capture} */
    public static Result check(Path dir) {
        long t0 = System.nanoTime();
        Recording rec = ScenarioRecording.read(dir);
        Path capture = dir.resolve(ScenarioRecording.CAPTURE);
        if (!Files.isRegularFile(capture)) {
            throw new UsageException(dir + " has no " + ScenarioRecording.CAPTURE + " to compare with: it was recorded without --capture",
                    "record the scenario again with --capture");
        }
        Map<String, List<Captured>> captured = new HashMap<>();
        ScenarioRecording.departures(capture, r -> {
            byte[] h = headers(r.array(), r.offset(), r.capturedLength());
            captured.computeIfAbsent(key(h), k -> new ArrayList<>()).add(new Captured(r.timestampNanos(), h));
        });
        AtomicLong maxError = new AtomicLong();
        AtomicLong packets = new AtomicLong();
        List<Mismatch> mismatches = rec.connections().parallelStream().map(c -> {
            String what = compare(rec, c, captured.getOrDefault(key(c.src(), c.dst()), List.of()), maxError, packets);
            return what == null ? null : new Mismatch(c.id(), c.src(), c.dst(), what);
        }).filter(m -> m != null).toList();
        int identical = rec.connections().size() - mismatches.size();
        return new Result(rec.connections().size(), identical, packets.get(), maxError.get(), rec.thresholdNanos(),
                mismatches.subList(0, Math.min(MAX_MISMATCHES, mismatches.size())), (System.nanoTime() - t0) / 1e9);
    }

    private static String compare(Recording rec, ConnectionLog c, List<Captured> want, AtomicLong maxError, AtomicLong packets) {
        ConnectionReplay r;
        try {
            r = ConnectionReplayer.replay(rec, c.id());
        } catch (ReplayDivergenceException e) {
            return e.getMessage();
        }
        maxError.accumulateAndGet(r.maxSendTimeErrorNanos(), Math::max);
        if (r.maxSendTimeErrorNanos() > rec.thresholdNanos()) return "send times " + r.maxSendTimeErrorNanos() + " ns from the samples";
        // per direction: the two endpoints' sends at one nanosecond have no order between them that either could see
        for (int side = 0; side < 2; side++) {
            String from = side == 0 ? c.src() : c.dst();
            List<Captured> run = new ArrayList<>();
            for (Captured x : want) if (endpoint(x.headers(), 12, 20).equals(from)) run.add(x);
            List<ReplayedPacket> replayed = new ArrayList<>();
            for (ReplayedPacket p : r.packets()) if (p.side() == side) replayed.add(p);
            String name = side == 0 ? "client" : "server";
            for (int i = 0; i < Math.min(run.size(), replayed.size()); i++) {
                ReplayedPacket p = replayed.get(i);
                byte[] f = p.frame();
                if (!Arrays.equals(headers(f, 0, f.length), run.get(i).headers())) return "the " + name + "'s packet " + (i + 1) + " differs in its headers";
                if (rec.epochNanos() + p.timeNanos() != run.get(i).timeNanos()) {
                    return "the " + name + "'s packet " + (i + 1) + " leaves " + (rec.epochNanos() + p.timeNanos() - run.get(i).timeNanos()) + " ns off";
                }
            }
            if (run.size() != replayed.size()) return "the " + name + " sent " + replayed.size() + " packets in the replay, " + run.size() + " in the run";
        }
        packets.addAndGet(want.size());
        return null;
    }

    /** The IP and TCP headers of an Ethernet frame (the replay's hosts have MACs of their own). */
    private static byte[] headers(byte[] frame, int offset, int length) {
        int ip = offset + IpFrame.ETHERNET_HEADER;
        int tcp = ip + IpFrame.IPV4_HEADER;
        int end = tcp + ((frame[tcp + 12] & 0xFF) >>> 4) * 4;
        return Arrays.copyOfRange(frame, ip, Math.min(end, offset + length));
    }

    private static String key(byte[] ip) {
        return key(endpoint(ip, 12, 20), endpoint(ip, 16, 22));
    }

    private static String key(String a, String b) {
        return a.compareTo(b) < 0 ? a + "-" + b : b + "-" + a;
    }

    private static String endpoint(byte[] ip, int addr, int port) {
        return (ip[addr] & 255) + "." + (ip[addr + 1] & 255) + "." + (ip[addr + 2] & 255) + "." + (ip[addr + 3] & 255) + ":"
                + ((ip[port] & 255) << 8 | (ip[port + 1] & 255));
    }

    public static ObjectNode json(Result r) {
        ObjectNode o = Json.mapper().valueToTree(r);
        o.put("agrees", r.agrees());
        return o;
    }
}
