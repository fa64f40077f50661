package org.sonde.search.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.BadInputException;
import org.sonde.search.Method;
import org.sonde.search.SearchJson;
import org.sonde.search.SearchOptions;
import org.sonde.search.SearchResult;
import org.sonde.search.SearchTarget;
import org.sonde.search.mfs.Feature;
import org.sonde.search.mfs.Mfs;
import org.sonde.search.mfs.Range;
import org.sonde.search.mfs.TrafficCondition;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.space.Mode;
import org.sonde.search.space.Opcode;
import org.sonde.search.space.QpType;

/** Application mode: which MFSs a restricted space meets and how to leave them. */
class AppCheckTest {
    @TempDir
    Path dir;

    /** #5's MFS as Table 2 writes it: RC SEND, MTU 1K, batch >= 64, WQ >= 1024, 2-8 KB. */
    private static Mfs anomaly5() {
        TrafficCondition c = new TrafficCondition(
                Map.of(Feature.QP_TYPE, Set.of((long) QpType.RC.ordinal()), Feature.OPCODE, Set.of((long) Opcode.SEND.ordinal()), Feature.MTU, Set.of(1024L)),
                Map.of(Feature.BATCH, new Range(64, 256), Feature.RECV_DEPTH, new Range(1024, 4096)), new Range(2048, 8192), new Range(2048, 8192));
        return new Mfs(Symptom.PAUSE, EnumSet.noneOf(Mode.class), List.of(c), null, 0);
    }

    private AppSpace app(String yaml) throws Exception {
        Path f = dir.resolve("app.yaml");
        Files.writeString(f, yaml);
        return AppSpace.load(f);
    }

    @Test
    void anRpcLibraryWithSendAndLongReceiveQueuesMeetsAnomaly5AndIsToldTheWaysOut() throws Exception {
        // §7.3: an RPC library on RC that sends small control messages with SEND and keeps a large receive queue
        AppSpace rpc = app("""
                qp-type: [RC]
                opcode: [SEND, WRITE]
                mtu: [1024, 4096]
                batch: [1, 128]
                recv-depth: [256, 4096]
                request-bytes: [64, 8192]
                """);
        List<AppCheck.Hit> hits = AppCheck.check(rpc, List.of(anomaly5()));
        assertThat(hits).hasSize(1);
        assertThat(hits.get(0).exits()).contains("opcode: only WRITE", "mtu: only 4096", "batch <= 32", "recvDepth <= 512", "every message <= 1024 B");
    }

    @Test
    void aSpaceOutsideTheMfsIsNotReported() throws Exception {
        AppSpace writes = app("""
                qp-type: [RC]
                opcode: [WRITE]
                """);
        assertThat(AppCheck.check(writes, List.of(anomaly5()))).isEmpty();
        AppSpace smallBatches = app("batch: [1, 32]\n");
        assertThat(AppCheck.check(smallBatches, List.of(anomaly5()))).isEmpty();
        AppSpace smallMessages = app("request-bytes: [64, 1024]\n");
        assertThat(AppCheck.check(smallMessages, List.of(anomaly5()))).isEmpty();
    }

    @Test
    void theMfssOfARunAreReadBackFromItsJson() throws Exception {
        SearchResult r = SearchTarget.parse("sim:f-like").search(SearchOptions.defaults(Method.COLLIE, 4, 2));
        Path json = dir.resolve("run.json");
        SearchJson.write(SearchJson.toMap(r), json);
        List<Mfs> back = MfsFile.read(json);
        List<Mfs> found = r.anomalies().stream().filter(f -> f.mfs() != null).map(f -> (Mfs) f.mfs()).toList();
        assertThat(back).hasSize(found.size()).isNotEmpty();
        for (int i = 0; i < found.size(); i++) {
            assertThat(back.get(i).traffics()).isEqualTo(found.get(i).traffics());
            assertThat(back.get(i).modes()).isEqualTo(found.get(i).modes());
            // the trigger lies in the MFS read back
            assertThat(back.get(i).matches(found.get(i).trigger())).isTrue();
        }
        // the whole space meets every MFS
        assertThat(AppCheck.check(app("{}\n"), back)).hasSize(back.size());
    }

    @Test
    void anMfsOfMemoryOffTheSocketIsMetOnlyByAnAppThatMayPutAnEndThereAndIsReadBack() throws Exception {
        // #11's MFS: bidirectional, either end of each traffic off the NIC's socket
        TrafficCondition c = new TrafficCondition(Map.of(), Map.of(), null, null, true);
        Mfs crossSocket = new Mfs(Symptom.PAUSE, EnumSet.of(Mode.BIDIRECTIONAL), List.of(c, c), null, 0);
        assertThat(AppCheck.check(app("sender-memory: [local-numa]\nreceiver-memory: [local-numa]\n"), List.of(crossSocket))).isEmpty();
        List<AppCheck.Hit> hits = AppCheck.check(app("receiver-memory: [local-numa, remote-numa]\n"), List.of(crossSocket));
        assertThat(hits).hasSize(1);
        assertThat(hits.get(0).exits()).contains("memory: both ends on the NIC's socket", "direction: only one-way or loopback");
        Path json = dir.resolve("mfs.json");
        Files.writeString(json, "{\"anomalies\": [{\"symptom\": \"pause\", \"mfs\": " + org.sonde.core.Json.mapper().writeValueAsString(crossSocket.toJson()) + "}]}");
        List<Mfs> back = MfsFile.read(json);
        assertThat(back).hasSize(1);
        assertThat(back.get(0).traffics()).isEqualTo(crossSocket.traffics());

        Path bad = dir.resolve("bad-off-socket.json");
        Files.writeString(bad, "{\"anomalies\": [{\"symptom\": \"pause\", \"mfs\": {\"traffics\": [{\"offSocket\": \"yes\"}]}}]}");
        assertThatThrownBy(() -> MfsFile.read(bad)).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.location()).isEqualTo("anomalies[0].mfs");
            assertThat(e.getMessage()).contains("offSocket must be true or false");
        });
    }

    @Test
    void aLinuxTargetsRunIsRefusedNamingItsSpace() throws Exception {
        Path json = dir.resolve("linux.json");
        java.nio.file.Files.writeString(json, "{\"anomalies\": [{\"symptom\": \"throughput\", \"mfs\": {\"space\": \"tcp\", \"backlog\": [1, 4]}}]}\n");
        assertThatThrownBy(() -> MfsFile.read(json)).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.location()).isEqualTo("anomalies[0].mfs");
            assertThat(e.getMessage()).contains("tcp space").contains("not an RDMA one");
        });
    }

    @Test
    void badAppSpacesAreNamedErrors() throws Exception {
        assertThatThrownBy(() -> app("qp-type: [RD]\n")).isInstanceOf(BadInputException.class).hasMessageContaining("qp-type").hasMessageContaining("rc, uc, ud");
        assertThatThrownBy(() -> app("batch: [64, 1]\n")).isInstanceOf(BadInputException.class).hasMessageContaining("range");
        assertThatThrownBy(() -> app("bacth: [1, 2]\n")).isInstanceOf(BadInputException.class).hasMessageContaining("bacth");
    }
}
