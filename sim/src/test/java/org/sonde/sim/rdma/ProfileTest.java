package org.sonde.sim.rdma;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.packet.Psn;
import org.sonde.packet.RoceOpcode;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.sonde.core.config.Distribution;

class ProfileTest {
    @SuppressWarnings("unchecked")
    private static Map<String, Object> yaml(String text) throws IOException {
        return new ObjectMapper(new YAMLFactory()).readValue(text, Map.class);
    }

    private static NicProfile profile(String yaml) throws IOException {
        return NicProfile.parse("test", yaml(yaml));
    }

    @Test
    void theNeutralProfileFollowsTheSpecifications() {
        NicProfile n = NicProfile.neutral();
        assertThat(n.name()).isEqualTo("neutral");
        assertThat(n.nakGeneration()).isEqualTo(Distribution.ZERO);
        assertThat(n.nakReaction()).isEqualTo(Distribution.ZERO);
        assertThat(n.readNakGeneration()).isEqualTo(Distribution.ZERO);
        assertThat(n.readNakReaction()).isEqualTo(Distribution.ZERO);
        assertThat(n.cnp()).isEqualTo(new NicProfile.Cnp(50_000, NicProfile.CnpScope.QP, false));
        assertThat(n.retransmission().adaptive()).isFalse();
        assertThat(n.rxPipeline().unlimited()).isTrue();
        assertThat(n.scheduler().workConserving()).isTrue();
    }

    @Test
    void theBundledListNamesEveryProfileFileAndEachLoads() throws Exception {
        Path dir = Path.of(NicProfile.class.getResource("/" + NicProfile.RESOURCE_DIRECTORY).toURI());
        List<String> files = new ArrayList<>();
        try (var s = Files.list(dir)) {
            s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).map(n -> n.substring(0, n.length() - 5)).forEach(files::add);
        }
        assertThat(NicProfile.BUNDLED).containsExactlyInAnyOrderElementsOf(files);
        for (String name : NicProfile.BUNDLED) assertThat(NicProfile.load(name).name()).isEqualTo(name);
    }

    @Test
    void aProfileFileThatIsMissingNotUtf8OrNotYamlIsAnErrorNamingIt(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> NicProfile.load(dir.resolve("missing.yaml"))).isInstanceOf(org.sonde.core.EnvironmentException.class)
                .hasMessage("NIC profile " + dir.resolve("missing.yaml") + " does not exist");
        Path latin1 = dir.resolve("latin1.yaml");
        Files.write(latin1, "description: caf\u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> NicProfile.load(latin1)).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.source()).isEqualTo(latin1.toString());
            assertThat(e.location()).isEqualTo("line 1 (byte offset 16)");
            assertThat(e.problem()).contains("byte 0xe9 is not UTF-8");
        });
        Path broken = dir.resolve("broken.yaml");
        Files.writeString(broken, "cnp: [1, 2\n");
        assertThatThrownBy(() -> NicProfile.load(broken)).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.location()).startsWith("line 2, column 1");
            assertThat(e.problem()).startsWith("not valid YAML: ").doesNotContain("\n").doesNotContain("Source:");
        });
        Path wrongKey = dir.resolve("wrong.yaml");
        Files.writeString(wrongKey, "extends: neutral\ncnp:\n  scope: per-flow\n");
        assertThatThrownBy(() -> NicProfile.load(wrongKey)).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.location()).isEqualTo("line 3, cnp.scope");
            assertThat(e.problem()).isEqualTo("'per-flow' is not one of port, destination-ip, qp");
        });
    }

    @Test
    void profilesAreValidatedWithErrorsNamingTheSetting(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> profile("nak-generation-latency: 2us\nnak-reacton-latency: 3us"))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("profile test.nak-reacton-latency: is not a known setting");
        assertThatThrownBy(() -> profile("cnp: {scope: per-flow}"))
                .hasMessage("profile test.cnp.scope: 'per-flow' is not one of port, destination-ip, qp");
        assertThatThrownBy(() -> profile("nak-reaction-latency: uniform(5us, 2us)")).hasMessageContaining("nak-reaction-latency").hasMessageContaining("below the minimum");
        assertThatThrownBy(() -> profile("retransmission: {timeouts: [5ms, fast]}")).hasMessageStartingWith("profile test.retransmission.timeouts: entry 2 'fast'");
        assertThatThrownBy(() -> profile("scheduler: {work-conserving: false}")).hasMessageContaining("needs ets-weights");
        assertThatThrownBy(() -> profile("scheduler: {ets-weights: [1, 2], work-conserving: false}")).hasMessageContaining("needs 8 weights");
        assertThatThrownBy(() -> profile("rx-pipeline: {buffer: 64KB, xoff: 60KB}")).hasMessageContaining("headroom");
        assertThatThrownBy(() -> profile("counters: {frozen: [cnp_sent]}")).hasMessageContaining("'cnp_sent' is not a counter");
        assertThatThrownBy(() -> NicProfile.load("cx9-like")).hasMessageContaining("no bundled NIC profile 'cx9-like'")
                .hasMessageContaining("the bundled ones are neutral, cx4lx-like, cx5-like, cx6dx-like, e810-like");
        Path loop = dir.resolve("loop.yaml");
        Files.writeString(loop, "extends: loop\n");
        assertThatThrownBy(() -> NicProfile.load(loop)).isInstanceOf(BadInputException.class)
                .hasMessage(loop + ": profile loop: extends itself through loop -> loop");
    }

    @Test
    void aProfileFileExtendsABundledOneAndOverridesWhatDiffers(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("vendor-like.yaml");
        Files.writeString(file, """
                extends: neutral
                description: a model of published observations
                nak-generation-latency: 2us
                nak-reaction-latency: uniform(2us, 6us)
                read-nak-generation-latency: 150us
                cnp:
                  min-time-between-cnps: 4us
                  scope: port
                retransmission:
                  timeouts: [5.6ms, 4.1ms, 8.4ms]
                  max-retries: 12
                counters:
                  frozen: [implied_nak_seq_err]
                  renamed: {np_cnp_sent: cnpSent}
                """);
        NicProfile p = NicProfile.load(file);
        assertThat(p.name()).isEqualTo("vendor-like");
        assertThat(p.nakGeneration()).isEqualTo(new Distribution.Constant(2_000));
        assertThat(p.nakReaction()).isEqualTo(new Distribution.Uniform(2_000, 6_000));
        assertThat(p.readNakGeneration()).isEqualTo(new Distribution.Constant(150_000));
        assertThat(p.readNakReaction()).as("inherited from neutral, which sets it").isEqualTo(Distribution.ZERO);
        assertThat(p.cnp()).isEqualTo(new NicProfile.Cnp(4_000, NicProfile.CnpScope.PORT, false));
        assertThat(p.retransmission().timeoutsNanos()).containsExactly(5_600_000L, 4_100_000L, 8_400_000L);
        assertThat(p.rxPipeline()).isEqualTo(NicProfile.neutral().rxPipeline());
        assertThat(p.counters().frozen()).containsExactly("implied_nak_seq_err");
    }

    @Test
    void roceConfigIsReadFromAScenarioSection() throws IOException {
        RoceConfig c = RoceConfig.parse(ConfigMap.of("roce", yaml("""
                mtu: 4096
                timeout: 12
                retry-cnt: 5
                ack-coalescing: 4
                verb: read
                min-time-between-cnps: 4us
                dcqcn:
                  rpg-time-reset: 300us
                  rpg-ai-rate: 5Mbps
                  rp-enable: false
                """)));
        assertThat(c.mtu()).isEqualTo(4096);
        assertThat(c.ibTimeoutNanos()).isEqualTo(4096L << 12);
        assertThat(c.retryCnt()).isEqualTo(5);
        assertThat(c.ackCoalescing()).isEqualTo(4);
        assertThat(c.verb()).isEqualTo(Verb.READ);
        assertThat(c.cnpIntervalNanos()).isEqualTo(4_000);
        assertThat(c.dcqcn().rpgTimeResetNanos()).isEqualTo(300_000);
        assertThat(c.dcqcn().rpgAiRateBps()).isEqualTo(5_000_000);
        assertThat(c.dcqcn().rpEnable()).isFalse();
        assertThat(c.dcqcn().npEnable()).isTrue();
        assertThat(c.profile().name()).isEqualTo("neutral");
        assertThatThrownBy(() -> RoceConfig.parse(ConfigMap.of("roce", yaml("mtu: 1500")))).hasMessage("roce.mtu: 1500 is not 256, 512, 1024, 2048 or 4096");
        assertThatThrownBy(() -> RoceConfig.parse(ConfigMap.of("roce", yaml("dcqcn: {rpg-time: 5us}")))).hasMessageStartingWith("roce.dcqcn.rpg-time: is not a known setting");
        assertThatThrownBy(() -> RoceConfig.parse(ConfigMap.of("roce", yaml("profile: cx9-like")))).hasMessageContaining("cx9-like");
    }

    /** The latencies a profile adds show up exactly between the packets of a go-back-N recovery. */
    @Test
    void nakGenerationAndReactionLatenciesAreAddedAsTheProfileSays() throws IOException {
        NicProfile p = profile("nak-generation-latency: 3us\nnak-reaction-latency: 7us\nread-nak-generation-latency: 11us\nread-nak-reaction-latency: 13us");
        RoceBed bed = new RoceBed(51, RoceConfig.defaults().withProfile(p));
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        int lost = Psn.add(qp[0].initialPsn(), 2);
        int lostResponse = Psn.add(qp[0].initialPsn(), 10 + 3);
        bed.dropWhen(f -> f.isData() && (f.psn == lost && f.opcode == RoceOpcode.RC_RDMA_WRITE_MIDDLE || f.psn == lostResponse && Opcodes.isReadResponse(f.opcode))
                && bed.dropped.stream().noneMatch(d -> d.psn == f.psn));
        // the READ goes after the WRITE has completed, so that the WRITE's go-back-N does not resend its request
        qp[0].post(WorkRequest.rc(1, Verb.WRITE, 10 * 1024, c -> qp[0].post(WorkRequest.rc(2, Verb.READ, 10 * 1024, null))));
        bed.sim.run();
        // at the switch: NAK generation = NAK − next data packet after the loss (both seen at the switch, same link delays)
        long nextAfterLoss = timeOf(bed, f -> f.isData() && f.psn == Psn.add(lost, 1), 0);
        long nak = timeOf(bed, RoceBed::isNak, 0);
        long retx = timeOf(bed, f -> f.isData() && f.psn == lost, 1);
        long wire = bed.h1.nic().serialisationNanos(62); // the NAK's serialisation at each hop
        long dataWire = bed.h1.nic().serialisationNanos(1082);
        assertThat(nak - nextAfterLoss).isEqualTo(3_000 + 2 * RoceBed.DELAY + wire + dataWire);
        assertThat(retx - nak).isEqualTo(7_000 + 2 * RoceBed.DELAY + wire + dataWire);
        long responseAfterLoss = timeOf(bed, f -> Opcodes.isReadResponse(f.opcode) && f.psn == Psn.add(lostResponse, 1), 0);
        long reRequest = timeOf(bed, f -> f.opcode == RoceOpcode.RC_RDMA_READ_REQUEST, 1);
        long resent = timeOf(bed, f -> Opcodes.isReadResponse(f.opcode) && f.psn == lostResponse, 1);
        long requestWire = bed.h1.nic().serialisationNanos(74);
        assertThat(reRequest - responseAfterLoss).isEqualTo(11_000 + 2 * RoceBed.DELAY + requestWire + dataWire);
        assertThat(resent - reRequest).isEqualTo(13_000 + 2 * RoceBed.DELAY + requestWire + bed.h1.nic().serialisationNanos(1082 + 4));
    }

    private static long timeOf(RoceBed bed, java.util.function.Predicate<RoceFrame> match, int occurrence) {
        int n = 0;
        for (int i = 0; i < bed.seen.size(); i++) if (match.test(bed.seen.get(i)) && n++ == occurrence) return bed.seenAt.get(i);
        throw new AssertionError("no occurrence " + occurrence);
    }

    /** An adaptive schedule replaces the IB timeout: each retry waits the next listed timeout, the last repeating. */
    @Test
    void adaptiveRetransmissionFollowsTheProfilesSchedule() throws IOException {
        NicProfile p = profile("retransmission: {timeouts: [50us, 20us, 80us], max-retries: 4}");
        RoceBed bed = new RoceBed(52, RoceConfig.defaults().withProfile(p));
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        bed.dropWhen(f -> f.isData());
        List<WorkRequest.Completion> done = new ArrayList<>();
        qp[0].post(WorkRequest.rc(1, Verb.WRITE, 100, done::add));
        bed.sim.run();
        List<Long> sends = bed.at1.stream().filter(e -> e.sent() && e.frame().isData()).map(RoceBed.Event::time).toList();
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < sends.size(); i++) gaps.add(sends.get(i) - sends.get(i - 1));
        assertThat(gaps).containsExactly(50_000L, 20_000L, 80_000L, 80_000L);
        assertThat(done).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.RETRY_EXCEEDED));
        assertThat(bed.nic1.counterValues()).containsEntry("roce_adp_retrans", 5L).containsEntry("local_ack_timeout_err", 5L);
    }

    @Test
    void counterQuirksFreezeAndRenameCounters() throws IOException {
        NicProfile p = profile("counters: {frozen: [out_of_sequence], renamed: {np_cnp_sent: cnpSent}}");
        RoceBed bed = new RoceBed(53, RoceConfig.defaults(), RoceConfig.defaults().withProfile(p), org.sonde.sim.net.SwitchConfig.DEFAULT);
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        int lost = Psn.add(qp[0].initialPsn(), 1);
        bed.dropWhen(RoceBed.nth(1, f -> f.isData() && f.psn == lost));
        qp[0].post(WorkRequest.rc(1, Verb.WRITE, 4096, null));
        bed.sim.run();
        assertThat(bed.seen(RoceBed::isNak)).hasSize(1);
        assertThat(bed.nic2.counterValues()).containsEntry("out_of_sequence", 0L).containsKey("cnpSent").doesNotContainKey("np_cnp_sent");
    }

    /** A non-work-conserving ETS holds each class to its share even when the other class is idle. */
    @Test
    void aNonWorkConservingSchedulerCapsAClassAtItsShare() throws IOException {
        NicProfile p = profile("scheduler: {ets-weights: [0, 0, 0, 50, 50, 0, 0, 0], work-conserving: false}");
        RoceBed bed = new RoceBed(54, RoceConfig.defaults().withProfile(p));
        QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
        List<WorkRequest.Completion> done = new ArrayList<>();
        qp[0].post(WorkRequest.rc(1, Verb.WRITE, 2_000_000, done::add));
        bed.sim.run();
        double gbps = 2_000_000 * 8.0 / done.getFirst().timeNanos();
        assertThat(gbps).isBetween(4.5, 5.0); // half of 10 Gb/s, less the headers
    }

    /**
     * The noisy-neighbour hook: out-of-sequence packets of one QP hold the receive pipeline, the
     * buffer overflows and an innocent QP loses packets too. Without the slow path the innocent QP
     * sees nothing.
     */
    @Test
    void aSlowPathStallsTheReceivePipelineForEveryQp() throws IOException {
        NicProfile stalling = profile("rx-pipeline: {buffer: 64KB, on-overflow: discard, slow-path-latency: 20us}");
        for (boolean slow : new boolean[] {false, true}) {
            RoceConfig rx = RoceConfig.defaults().withProfile(slow ? stalling : NicProfile.neutral());
            RoceBed bed = new RoceBed(55, RoceConfig.defaults(), rx, org.sonde.sim.net.SwitchConfig.DEFAULT);
            QueuePair[] noisy = RdmaNic.connect(bed.nic1, bed.nic2);
            QueuePair[] innocent = RdmaNic.connect(bed.nic1, bed.nic2);
            int lost = Psn.add(noisy[0].initialPsn(), 3);
            bed.dropWhen(RoceBed.nth(1, f -> f.isData() && f.destinationQp == noisy[1].qpn() && f.psn == lost));
            noisy[0].post(WorkRequest.rc(1, Verb.WRITE, 500_000, null));
            innocent[0].post(WorkRequest.rc(2, Verb.WRITE, 500_000, null));
            bed.sim.run();
            if (slow) {
                assertThat(bed.nic2.counterValues().get("rx_discards_phy")).isPositive();
                assertThat(innocent[0].retransmissions()).isPositive();
            } else {
                assertThat(bed.nic2.counterValues().get("rx_discards_phy")).isZero();
                assertThat(innocent[0].retransmissions()).isZero();
            }
        }
    }

    /**
     * Recovery slots: two QPs lose a READ response at the same time and a third, innocent QP reads
     * alongside. With two slots both re-requests leave together after the generation latency; with
     * one the second gap's packet waits at the pipeline's head for the first episode to end, its
     * re-request leaves a generation latency later, and the innocent QP's responses wait behind it.
     */
    @Test
    void aFullRecoveryTableHoldsTheReceivePipeline() throws IOException {
        long[] innocentDone = new long[3];
        long[] firstReRequest = new long[3];
        long[] reRequestGap = new long[3];
        for (int slots : new int[] {0, 2, 1}) {
            NicProfile p = profile("read-nak-generation-latency: 50us\nrx-pipeline: {recovery-slots: " + slots + "}");
            RoceBed bed = new RoceBed(57, RoceConfig.defaults().withProfile(p));
            QueuePair[] a = RdmaNic.connect(bed.nic1, bed.nic2), b = RdmaNic.connect(bed.nic1, bed.nic2), c = RdmaNic.connect(bed.nic1, bed.nic2);
            java.util.Set<RoceFrame> once = new java.util.HashSet<>();
            bed.dropWhen(f -> Opcodes.isReadResponse(f.opcode) && (f.destinationQp == a[0].qpn() && f.psn == Psn.add(a[0].initialPsn(), 2)
                    || f.destinationQp == b[0].qpn() && f.psn == Psn.add(b[0].initialPsn(), 2)) && once.add(f) && once.size() <= 2);
            List<WorkRequest.Completion> done = new ArrayList<>();
            for (QueuePair[] q : List.of(a, b, c)) q[0].post(WorkRequest.rc(q[0].qpn(), Verb.READ, 16 * 1024, done::add));
            bed.sim.run();
            assertThat(done).hasSize(3).allSatisfy(d -> assertThat(d.status()).isEqualTo(WorkRequest.Status.SUCCESS));
            List<Long> reRequests = bed.at1.stream().filter(e -> e.sent() && e.frame().opcode == RoceOpcode.RC_RDMA_READ_REQUEST).map(RoceBed.Event::time).toList();
            assertThat(reRequests).hasSize(5);
            firstReRequest[slots] = reRequests.get(3);
            reRequestGap[slots] = reRequests.get(4) - reRequests.get(3);
            innocentDone[slots] = done.stream().filter(d -> d.id() == c[0].qpn()).findFirst().orElseThrow().timeNanos();
            assertThat(bed.nic1.counterValues().get("rx_discards_phy")).isZero();
        }
        // no limit and two slots: the same run; one slot: the second re-request a generation latency later
        assertThat(reRequestGap[2]).isEqualTo(reRequestGap[0]).isLessThan(5_000);
        assertThat(innocentDone[2]).isEqualTo(innocentDone[0]);
        assertThat(reRequestGap[1]).isBetween(50_000L - 5_000, 50_000L + 5_000);
        // the innocent QP finishes before the first re-request when nothing stalls, and only after
        // it (at the instant the slot frees and the pipeline moves again) with one slot
        assertThat(innocentDone[0]).isLessThan(firstReRequest[0]);
        assertThat(innocentDone[1]).isGreaterThanOrEqualTo(firstReRequest[1]);
    }

    /** cnp.on-nak: a NAK brings a CNP with it, but only from a NIC whose notification point is on. */
    @Test
    void nakTriggeredCnpsNeedTheNotificationPoint() throws IOException {
        NicProfile p = profile("cnp: {on-nak: true}");
        for (boolean np : new boolean[] {true, false}) {
            RoceBed bed = new RoceBed(58, RoceConfig.defaults().withProfile(p).withDcqcn(DcqcnConfig.DEFAULT.withEnables(true, np)));
            QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
            int lost = Psn.add(qp[0].initialPsn(), 1);
            bed.dropWhen(RoceBed.nth(1, f -> f.isData() && f.psn == lost));
            qp[0].post(WorkRequest.rc(1, Verb.WRITE, 4096, null));
            bed.sim.run();
            assertThat(bed.seen(RoceBed::isNak)).hasSize(1);
            assertThat(bed.seen(RoceFrame::isCnp)).hasSize(np ? 1 : 0);
            assertThat(bed.nic1.counterValues().get("rp_cnp_handled")).isEqualTo(np ? 1 : 0);
        }
    }

    /** The MigReq hook: a sender that sends M = 0 drives a receiver that treats it as a slow path into discards; M = 1 does not. */
    @Test
    void migReqClearCanTakeTheReceiversSlowPath() throws IOException {
        NicProfile clears = profile("mig-req: false");
        NicProfile picky = profile("rx-pipeline: {buffer: 32KB, on-overflow: discard, slow-path-latency: 5us, slow-path-on-mig-req-clear: true}");
        for (NicProfile sender : List.of(NicProfile.neutral(), clears)) {
            RoceBed bed = new RoceBed(56, RoceConfig.defaults().withProfile(sender), RoceConfig.defaults().withProfile(picky),
                    org.sonde.sim.net.SwitchConfig.DEFAULT);
            QueuePair[] qp = RdmaNic.connect(bed.nic1, bed.nic2);
            List<WorkRequest.Completion> done = new ArrayList<>();
            qp[0].post(WorkRequest.rc(1, Verb.WRITE, 200_000, done::add));
            bed.sim.run();
            assertThat(bed.seen(RoceFrame::isData)).allSatisfy(f -> assertThat(f.migReq).isEqualTo(sender.migReq()));
            assertThat(bed.nic2.counterValues().get("rx_discards_phy") > 0).isEqualTo(!sender.migReq());
            assertThat(done).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.SUCCESS));
        }
    }
}
