package org.sonde.replay.recording;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.sonde.core.Json;
import org.sonde.sim.tcp.TcpConfig;
import org.sonde.sim.tcp.TcpObserver;

/**
 * The recording's binary form: the magic {@code SONDEDTR}, a version, a JSON header (scenario, seed, threshold,
 * epoch, the TCP configuration), the call patterns, then each connection: addresses and ports, priority, start
 * (delta from the previous connection's), the four random draws as 32-bit words, and each endpoint's four streams
 * with their lengths. Integers are LEB128 varints.
 */
public final class RecordingFile {
    static final byte[] MAGIC = "SONDEDTR".getBytes(StandardCharsets.US_ASCII);
    public static final int VERSION = 1;
    /** A connection's or a stream's size beyond this is taken for damage rather than allocated. */
    private static final int MAX_STREAM = 1 << 30;

    private RecordingFile() {
    }

    public static byte[] encode(Recording r) {
        ByteLog b = new ByteLog(1 << 16);
        b.putAll(MAGIC);
        b.unsigned(VERSION);
        ObjectNode h = Json.mapper().createObjectNode();
        h.put("scenario", r.scenario());
        h.put("seed", r.seed());
        h.put("thresholdNanos", r.thresholdNanos());
        h.put("epochNanos", r.epochNanos());
        h.put("endNanos", r.endNanos());
        h.set("tcp", Json.mapper().valueToTree(r.config()));
        byte[] header;
        try {
            header = Json.mapper().writeValueAsBytes(h);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        b.unsigned(header.length);
        b.putAll(header);
        b.unsigned(r.patterns().size());
        for (CallPattern p : r.patterns()) {
            b.unsigned(p.call().ordinal());
            b.signed(p.a());
            b.signed(p.b());
        }
        b.unsigned(r.connections().size());
        long start = 0;
        for (ConnectionLog c : r.connections()) {
            b.unsigned(c.id());
            b.put32(c.clientIp());
            b.unsigned(c.clientPort());
            b.put32(c.serverIp());
            b.unsigned(c.serverPort());
            b.unsigned(c.priority());
            b.signed(c.startNanos() - start);
            start = c.startNanos();
            b.put32(c.clientIss());
            b.put32(c.clientTsOffset());
            b.put32(c.serverIss());
            b.put32(c.serverTsOffset());
            byte[] problem = c.problem() == null ? new byte[0] : c.problem().getBytes(StandardCharsets.UTF_8);
            b.unsigned(problem.length);
            b.putAll(problem);
            for (EndpointLog e : List.of(c.client(), c.server())) {
                for (byte[] s : List.of(e.calls(), e.handlers(), e.arrivals(), e.samples())) {
                    b.unsigned(s.length);
                    b.putAll(s);
                }
            }
        }
        return b.toArray();
    }

    /** @throws RecordingFormatException if {@code bytes} are not a recording this version reads */
    public static Recording decode(byte[] bytes) {
        ByteLogReader r = new ByteLogReader(bytes, "the recording");
        if (bytes.length < MAGIC.length || !Arrays.equals(r.bytes(MAGIC.length), MAGIC)) {
            throw new RecordingFormatException("not a Sonde recording (it does not start with SONDEDTR)");
        }
        long version = r.unsigned();
        if (version != VERSION) throw new RecordingFormatException("recording version " + version + "; this Sonde reads version " + VERSION);
        JsonNode h;
        TcpConfig config;
        try {
            h = Json.mapper().readTree(r.bytes(r.count(MAX_STREAM, "header length")));
            config = Json.mapper().treeToValue(h.path("tcp"), TcpConfig.class);
        } catch (java.io.IOException | IllegalArgumentException e) {
            throw new RecordingFormatException("the recording's header is damaged: " + e.getMessage());
        }
        if (config == null || !h.path("seed").isIntegralNumber() || !h.path("thresholdNanos").isIntegralNumber() || !h.path("endNanos").isIntegralNumber()) {
            throw new RecordingFormatException("the recording's header lacks its tcp configuration, seed or threshold");
        }
        int np = r.count(1 << 20, "pattern count");
        List<CallPattern> patterns = new ArrayList<>(np);
        TcpObserver.Call[] calls = TcpObserver.Call.values();
        for (int i = 0; i < np; i++) patterns.add(new CallPattern(calls[r.count(calls.length - 1, "call kind")], r.signed(), r.signed()));
        int nc = r.count(bytes.length, "connection count");
        List<ConnectionLog> conns = new ArrayList<>(Math.min(nc, 1 << 16));
        long start = 0;
        for (int i = 0; i < nc; i++) {
            int id = r.count(Integer.MAX_VALUE, "connection id");
            int cip = (int) r.get32();
            int cport = r.count(65_535, "port");
            int sip = (int) r.get32();
            int sport = r.count(65_535, "port");
            int prio = r.count(7, "priority");
            start += r.signed();
            long ciss = r.get32();
            long cts = r.get32();
            long siss = r.get32();
            long sts = r.get32();
            int pl = r.count(MAX_STREAM, "problem length");
            String problem = pl == 0 ? null : new String(r.bytes(pl), StandardCharsets.UTF_8);
            EndpointLog[] ep = new EndpointLog[2];
            for (int s = 0; s < 2; s++) {
                byte[][] st = new byte[4][];
                for (int k = 0; k < 4; k++) st[k] = r.bytes(r.count(MAX_STREAM, "stream length"));
                ep[s] = new EndpointLog(st[0], st[1], st[2], st[3]);
            }
            conns.add(new ConnectionLog(id, cip, cport, sip, sport, prio, start, ciss, cts, siss, sts, ep[0], ep[1], problem));
        }
        if (r.more()) throw new RecordingFormatException("the recording has " + (bytes.length - r.position()) + " bytes after its last connection");
        return new Recording(h.path("scenario").asText(), h.path("seed").asLong(), h.path("thresholdNanos").asLong(),
                h.path("epochNanos").asLong(), h.path("endNanos").asLong(Long.MAX_VALUE), config, List.copyOf(patterns), List.copyOf(conns));
    }
}
