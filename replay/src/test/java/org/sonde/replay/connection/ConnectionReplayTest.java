package org.sonde.replay.connection;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.replay.recording.ConnectionLog;
import org.sonde.replay.recording.Recording;
import org.sonde.replay.recording.ScenarioRecording;

/**
 * The acceptance check of per-connection replay: every connection of a many-connection run, replayed alone from
 * the recording, sends exactly the packets the run captured, in each direction (IP and TCP headers byte for byte, at
 * the same nanosecond), and the replayed send times are within the sampler's threshold of the recorded samples.
 */
class ConnectionReplayTest {
    @TempDir
    Path tmp;

    static Path scenario(String name) {
        try {
            return Path.of(ConnectionReplayTest.class.getResource("/scenarios/" + name).toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Records {@code scenario}, replays every connection and compares it with the capture; returns the connections checked. */
    static int replayEveryConnection(Path scenario, long seed, Path out) {
        ScenarioRecording.Summary s = ScenarioRecording.record(scenario, seed, ScenarioRecording.DEFAULT_THRESHOLD_NANOS, ScenarioRecording.WHOLE_FRAMES, out, null);
        Recording rec = ScenarioRecording.read(out);
        Map<String, List<Captured.Packet>> captured = Captured.byConnection(out.resolve(ScenarioRecording.CAPTURE));
        assertThat(rec.connections()).hasSize(s.connections());
        long packets = 0;
        for (ConnectionLog c : rec.connections()) {
            assertThat(c.problem()).as("connection %d", c.id()).isNull();
            ConnectionReplay r = ConnectionReplayer.replay(rec, c.id());
            List<Captured.Packet> want = captured.get(Captured.key(c.src(), c.dst()));
            assertThat(want).as("captured packets of %s", c.src()).isNotNull();
            for (int side = 0; side < 2; side++) {
                String from = side == 0 ? c.src() : c.dst();
                int sd = side;
                List<Captured.Packet> run = want.stream().filter(x -> Captured.source(x.ip()).equals(from)).toList();
                List<ReplayedPacket> replayed = r.packets().stream().filter(p -> p.side() == sd).toList();
                assertThat(replayed).as("connection %d (%s > %s) side %d", c.id(), c.src(), c.dst(), side).hasSameSizeAs(run);
                for (int i = 0; i < run.size(); i++) {
                    ReplayedPacket p = replayed.get(i);
                    assertThat(p.ipPacket()).as("connection %d side %d packet %d", c.id(), side, i + 1).isEqualTo(run.get(i).ip());
                    assertThat(rec.epochNanos() + p.timeNanos()).as("connection %d side %d packet %d time", c.id(), side, i + 1).isEqualTo(run.get(i).timeNanos());
                }
            }
            assertThat(r.maxSendTimeErrorNanos()).isLessThanOrEqualTo(rec.thresholdNanos());
            packets += want.size();
        }
        assertThat(packets).isEqualTo(s.packets());
        return rec.connections().size();
    }

    @Test
    void everyConnectionOfAnIncastWithDropsReplaysToTheSamePackets() {
        assertThat(replayEveryConnection(scenario("incast-drops.yaml"), 7, tmp.resolve("drops"))).isEqualTo(320);
    }

    @Test
    void persistentConnectionsWhosePacketsWereSprayedAndReorderedReplayToTheSamePackets() {
        Path out = tmp.resolve("sprayed");
        int connections = replayEveryConnection(scenario("persistent-sprayed.yaml"), 2, out);
        Recording rec = ScenarioRecording.read(out);
        assertThat(connections).isPositive();
        // reordering seen: the duplicate-ACK threshold rose above its initial 3 (in 8 of the 15 connections, up to 24)
        long reordered = rec.connections().stream().filter(c -> ConnectionReplayer.replay(rec, c.id()).states().stream()
                .anyMatch(e -> e.reordering() > 3)).count();
        assertThat(reordered).isPositive();
    }

    @Test
    void everyConnectionWithEcnMarksReplaysToTheSamePackets() {
        assertThat(replayEveryConnection(scenario("dctcp-marks.yaml"), 3, tmp.resolve("marks"))).isEqualTo(80);
    }

    @Test
    void slowReadersWithoutSackReplayToTheSamePackets() {
        assertThat(replayEveryConnection(scenario("slow-reader.yaml"), 5, tmp.resolve("slow"))).isEqualTo(4);
        Recording rec = ScenarioRecording.read(tmp.resolve("slow"));
        ConnectionReplay r = ConnectionReplayer.replay(rec, 0);
        // the reader's own timer paces its reads, and its window closed on the sender at least once
        assertThat(rec.connection(0).server().decodeHandlers()).contains(org.sonde.replay.recording.HandlerKind.READ);
        assertThat(r.states()).anyMatch(e -> e.endpoint().equals("client") && e.sendWindow() == 0);
    }
}
