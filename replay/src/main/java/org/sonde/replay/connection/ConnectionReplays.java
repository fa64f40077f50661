package org.sonde.replay.connection;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.sonde.capture.CaptureInterface;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.core.InputFiles;
import org.sonde.core.Json;
import org.sonde.core.OutputDirectory;
import org.sonde.core.UsageException;
import org.sonde.replay.recording.Recording;
import org.sonde.replay.recording.ScenarioRecording;

/**
 * {@code sonde replay connection}: one connection of a recording replayed alone, written as its packets
 * ({@value #PACKETS}: both directions, one interface per endpoint, nanosecond timestamps of the run) and its
 * TCP state at every event ({@value #STATE}), and for the command its report ({@value #REPORT}: the replayed
 * packets diagnosed, the TCP state over time).
 */
public final class ConnectionReplays {
    public static final String PACKETS = "packets.pcapng";
    public static final String STATE = "state.json";
    public static final String REPORT = "report.html";

    private ConnectionReplays() {
    }

    /**
     * Replays connection {@code id} of the recording in {@code recording} (a directory of {@code sonde replay record}
     * or its recording file) into the new directory {@code out}.
     *
     * @throws UsageException    if the recording has no connection {@code id}, or {@code out} cannot be used
     * @throws BadInputException if the recording is damaged, the connection's recording is incomplete, or its replay
     *                           departs from it (a recording made by a Sonde whose TCP behaves differently)
     */
    public static ConnectionReplay replay(Path recording, int id, Path out) {
        Recording rec = ScenarioRecording.read(recording);
        if (rec.connection(id) == null) {
            throw new UsageException("--conn " + id + ": the recording has " + (rec.connections().isEmpty() ? "no connections"
                    : "connections 0.." + (rec.connections().size() - 1)), "list them with --capture's connections.json");
        }
        ConnectionReplay r;
        try {
            r = ConnectionReplayer.replay(rec, id);
        } catch (ReplayDivergenceException e) {
            throw new BadInputException(recording.toString(), "connection " + id, e.getMessage(),
                    "a recording replays on the Sonde that made it; record the scenario again", null);
        }
        try (OutputDirectory dir = OutputDirectory.create(out, "--out")) {
            write(r, dir.path());
            ConnectionReport.of(r, dir.path().resolve(PACKETS)).writeTo(dir.path().resolve(REPORT));
            dir.commit();
        }
        return r;
    }

    /**
     * Connection {@code id} of {@code rec} replayed alone, in memory (for what uses many: the queue replay).
     *
     * @throws ReplayDivergenceException if the connection's recording is incomplete or its replay departs from it
     */
    public static ConnectionReplay replayAlone(Recording rec, int id) {
        if (rec.connection(id) == null) throw new IllegalArgumentException("the recording has no connection " + id);
        return ConnectionReplayer.replay(rec, id);
    }

    /** Writes {@value #PACKETS} and {@value #STATE} into {@code dir}. */
    public static void write(ConnectionReplay r, Path dir) {
        try (CaptureWriter w = CaptureWriter.pcapng(dir.resolve(PACKETS), List.of(new CaptureInterface("client " + r.src(), LinkTypes.ETHERNET),
                new CaptureInterface("server " + r.dst(), LinkTypes.ETHERNET)), "Sonde replay of connection " + r.id())) {
            for (ReplayedPacket p : r.packets()) w.write(p.side(), r.epochNanos() + p.timeNanos(), p.frame(), 0, p.frame().length, p.frame().length, null);
        }
        ObjectNode o = summaryJson(r);
        o.set("events", Json.mapper().valueToTree(r.states()));
        try {
            Files.writeString(dir.resolve(STATE), Json.mapper().writeValueAsString(o) + "\n");
        } catch (IOException e) {
            throw new EnvironmentException("cannot write " + dir.resolve(STATE) + ": " + InputFiles.describe(e), null, e);
        }
    }

    /** The replay in a few numbers. */
    public static ObjectNode summaryJson(ConnectionReplay r) {
        ObjectNode o = Json.mapper().createObjectNode();
        o.put("connection", r.id());
        o.put("src", r.src());
        o.put("dst", r.dst());
        o.put("packets", r.packets().size());
        o.put("events", r.states().size());
        o.put("handlers", r.handlers());
        o.put("calls", r.calls());
        o.put("arrivals", r.arrivals());
        o.put("thresholdNanos", r.thresholdNanos());
        o.put("maxSendTimeErrorNanos", r.maxSendTimeErrorNanos());
        return o;
    }
}
