package org.sonde.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.netio.NetNamespace;
import org.sonde.search.linux.LinuxSubject;
import org.sonde.search.linux.LinuxTarget;
import org.sonde.search.linux.TcpSample;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.tcp.TcpDimension;
import org.sonde.search.tcp.TcpMfs;
import org.sonde.search.tcp.TcpPoint;
import org.sonde.testkit.Netns;

/**
 * Collie on the Linux kernel's TCP stack, in two namespaces of its own: a bounded search over a
 * small space (the rate and the listen backlog free, two values each, the rest fixed) finds a
 * real anomaly, its MFS names the backlog, and rerunning the MFS's trigger shows it again, with the
 * kernel's accept-queue overflows, while the same point with the largest backlog does not. The
 * fixed dimensions make the anomaly plain: without SYN cookies an overflowing SYN is dropped, and
 * 16 KB responses keep the one server worker from its accept loop longer, so backlog 1 at 3000
 * connections/s carries 67-84 % of the offered rate (67-72 % on one machine, 73-84 % on a faster
 * one; with cookies and 100-byte responses 78-86 %) while backlog 4096 carries all of it. Collie's
 * 20 % shortfall put the faster machine's runs on both sides of the bar (CI run 44: 73, 82 and 73 %,
 * and the MFS lost the backlog), so this target asks for 10 %: the two backlogs lie 6 points and more
 * on either side of it.
 */
@Tag("netns")
class LinuxSearchNetnsTest {
    private static final String SPACE = "prefix: sonde-colt\nexperiment: 2s\nshortfall: 0.1\nspace:\n  cps: [300, 3000]\n  requests: [1]\n  requestBytes: [100]\n  responseBytes: [16000]\n"
            + "  clientAddresses: [4]\n  ephemeralPorts: [28232]\n  backlog: [1, 4096]\n  serverWorkers: [1]\n  syncookies: [0]\n  twReuse: [1]\n";

    @Test
    void aBoundedSearchFindsAnAcceptQueueOverflowWhoseTriggerReproduces(@TempDir Path dir) throws Exception {
        LinuxTarget target = LinuxTarget.load(Files.writeString(dir.resolve("linux.yaml"), SPACE));
        List<String> progress = new ArrayList<>();
        LinuxSubject subject = Netns.testbed("root and iproute2 (ip netns, veth)", () -> LinuxSubject.start(target, 1, progress::add));
        // 30 s of experiments, three ranking points, one bisection step: the test stays near a minute
        SearchOptions o = new SearchOptions(Method.COLLIE, 30 / 3600.0, 1, 0.5, 0.9, 10, 0.01, 0.5, 0.5, 3, 1, SearchOptions.SCREEN);
        SearchResult r = new Search<>(subject, null, o).run();
        assertThat(r.anomalies()).as(String.join("\n", progress)).isNotEmpty();
        assertThat(r.firstHitHours()).as("no ground truth on a real target").isEmpty();
        Found f = r.anomalies().stream().filter(x -> x.mfs() instanceof TcpMfs m && m.dimensions().contains(TcpDimension.BACKLOG)).findFirst()
                .orElseThrow(() -> new AssertionError("no MFS names the backlog:\n" + String.join("\n", progress)));
        TcpMfs mfs = (TcpMfs) f.mfs();
        assertThat(mfs.ranges().get(TcpDimension.BACKLOG).hi()).as(mfs.describe()).isLessThan(4096);
        assertThat(mfs.matches(f.point())).isTrue();

        TcpSample again = subject.measure(mfs.trigger());
        // throughput or latency: a dropped SYN or request waits for a retransmission, and its response comes late or after
        // the measured seconds; which shows first varies run to run, the kernel's counter says it is the same overflow
        assertThat(subject.monitor().judge(again)).as("the trigger %s again: %s", mfs.trigger(), again).isPresent();
        assertThat(again.diagnostic("server.ListenOverflows")).as("the kernel counted overflows of the accept queue").isPositive();

        TcpPoint outside = subject.space().set(mfs.trigger(), TcpDimension.BACKLOG, 4096);
        assertThat(mfs.matches(outside)).isFalse();
        TcpSample relaxed = subject.measure(outside);
        assertThat(subject.monitor().judge(relaxed)).as("with the largest backlog: %s", relaxed).isEqualTo(Optional.<Symptom>empty());
        // each experiment's namespaces are gone with it
        assertThat(NetNamespace.list()).noneMatch(n -> n.startsWith("sonde-colt-" + ProcessHandle.current().pid() + "-"));
    }
}
