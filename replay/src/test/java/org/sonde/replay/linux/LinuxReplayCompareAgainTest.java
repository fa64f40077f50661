package org.sonde.replay.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.core.Json;

/**
 * An earlier run's output directory replayed again without root: a saved run of two connections at 5 % loss
 * ({@code linux-run}: its recording, capture and agreement as {@code sonde replay linux} wrote them).
 */
class LinuxReplayCompareAgainTest {
    static final Path RUN = Path.of("src/test/resources/linux-run");

    @TempDir
    Path dir;

    @Test
    void theRunIsReplayedAgainWithItsOptionsCaptureAndRecording() throws Exception {
        LinuxAgreement a = LinuxReplay.compareAgain(RUN);
        JsonNode saved = Json.mapper().readTree(RUN.resolve(LinuxReplay.AGREEMENT).toFile());
        assertThat(a.options()).isEqualTo(new LinuxReplayOptions(2, 1, 0.05, 1));
        assertThat(a.connectionsRun()).isEqualTo(saved.get("connectionsRun").asInt());
        // what the recording and the capture say, whatever the model does
        assertThat(List.of(a.connectionsRecorded(), a.connectionsReplayed())).containsExactly(2, 2);
        assertThat(a.packetsCaptured()).as("the capture's packets of the two connections").isEqualTo(saved.get("packetsCaptured").asLong());
        assertThat(a.drops()).as("the recorded drops").isEqualTo(4);
        assertThat(a.kernelRetransmissions()).isEqualTo(2);
        assertThat(a.connections()).extracting(ConnectionAgreement::capturedFromClient, ConnectionAgreement::capturedFromServer)
                .containsExactly(tuple(41, 57), tuple(21, 19));
        // the totals are the connections' own
        assertThat(a.identical()).isEqualTo((int) a.connections().stream().filter(c -> c.identicalFromClient() && c.identicalFromServer()).count());
        assertThat(a.packetsReplayed()).isEqualTo(a.connections().stream().mapToLong(c -> c.replayedFromClient() + c.replayedFromServer()).sum());
    }

    @Test
    void aDirectoryThatIsNotARunsOutputIsAnErrorNamingTheFile() throws Exception {
        assertThatThrownBy(() -> LinuxReplay.compareAgain(dir)).as("no recording").isInstanceOf(EnvironmentException.class)
                .hasMessageContaining(dir.resolve(LinuxReplay.RECORDING).toString());
        for (String f : List.of(LinuxReplay.RECORDING, LinuxReplay.AGREEMENT)) Files.copy(RUN.resolve(f), dir.resolve(f));
        assertThatThrownBy(() -> LinuxReplay.compareAgain(dir)).as("no capture").isInstanceOf(EnvironmentException.class)
                .hasMessageContaining(dir.resolve(LinuxReplay.CAPTURE).toString());
        Files.copy(RUN.resolve(LinuxReplay.CAPTURE), dir.resolve(LinuxReplay.CAPTURE));
        Files.writeString(dir.resolve(LinuxReplay.AGREEMENT), "{\"kernel\": \"x\"}");
        assertThatThrownBy(() -> LinuxReplay.compareAgain(dir)).as("an agreement without the run's options").isInstanceOf(BadInputException.class)
                .hasMessageContaining(dir.resolve(LinuxReplay.AGREEMENT).toString()).hasMessageContaining("options");
        Files.writeString(dir.resolve(LinuxReplay.AGREEMENT), "{\"options\": {\"connections\": 0, \"parallel\": 1, \"loss\": 0, \"seed\": 1}, \"connectionsRun\": 1}");
        assertThatThrownBy(() -> LinuxReplay.compareAgain(dir)).as("options the run could not have had").isInstanceOf(BadInputException.class)
                .hasMessageContaining("at least one connection");
        Files.writeString(dir.resolve(LinuxReplay.RECORDING), "{\"kernel\": ");
        assertThatThrownBy(() -> LinuxReplay.compareAgain(dir)).as("a truncated recording").isInstanceOf(BadInputException.class)
                .hasMessageContaining(dir.resolve(LinuxReplay.RECORDING).toString());
    }
}
