package org.sonde.inject.tcp.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.inject.tcp.TcpInjection;
import org.sonde.inject.tcp.TcpTestConfig;
import org.sonde.inject.tcp.TcpTestConfigLoader;
import org.sonde.inject.tcp.TcpTrace;
import org.sonde.testkit.Netns;

/** The kernel against the model on the same test ({@code sonde inject diff TEST.yaml}; needs root). */
@Tag("netns")
class TcpDiffNetnsTest {
    static final String NEEDS = "root, iproute2, ethtool, iptables and libnetfilter-queue1";

    @TempDir
    Path dir;

    /**
     * {@code examples/inject/tcp-frto.yaml}: after the timeout's resend is acknowledged, the kernel sends new data (F-RTO)
     * and the model does the same: the client's packets are the same sequence, each loss is recovered by the same
     * means. (The server's ACK spacing and the timeout's length may differ: the model's receiver and clock.)
     *
     * <p>The test needs the kernel to take the acknowledgement of segment 1 before its timer fires, so that segments 11
     * and 12 leave then; on a loaded machine that acknowledgement has been seen to pass the injector and reach the
     * client's TCP only after the timeout (the client then sent 11 and 12 after its resend). Such a run says nothing
     * of the model, so it is said and run again, three times at most.
     */
    @Test
    void afterATimeoutTheModelSendsNewDataWhereTheKernelDoes() {
        TcpTestConfig test = TcpTestConfigLoader.load(Path.of("../examples/inject/tcp-frto.yaml"));
        List<String> disturbed = new ArrayList<>();
        for (int attempt = 1; attempt <= 3; attempt++) {
            Path out = dir.resolve("attempt" + attempt);
            TcpDiffRun.Outcome o;
            try {
                o = TcpDiffRun.run(test, 1, TcpDiff.Tolerance.DEFAULT, out, "test");
            } catch (RuntimeException e) {
                if (Netns.saysPrerequisiteMissing(e.getMessage())) throw Netns.unavailable(NEEDS, e.getMessage(), e);
                throw e;
            }
            List<TcpTrace.Entry> kernel = TcpTrace.read(out.resolve(TcpDiffRun.LINUX_DIR).resolve(TcpInjection.TRACE_FILE)).entries();
            if (position(kernel, 11, 1) > position(kernel, 2, 2)) {
                disturbed.add("attempt " + attempt + ": the kernel sent segment 11 after the timeout's resend of segment 2");
                System.out.println("TcpDiffNetnsTest: " + disturbed.getLast() + "; running again");
                continue;
            }
            List<TcpDiff.Difference> d = o.result().differences();
            assertThat(d).as(d.toString()).noneMatch(x -> x.category() == TcpDiff.Category.SEQUENCE && x.where().startsWith("client packets"));
            assertThat(d).as(d.toString()).noneMatch(x -> x.category() == TcpDiff.Category.RECOVERY_KIND || x.category() == TcpDiff.Category.RECOVERY);
            assertThat(o.notes()).noneMatch(n -> n.startsWith("tcp_frto"));
            return;
        }
        throw new AssertionError("the kernel never ran the test as scripted: " + disturbed);
    }

    /** Where the client's segment {@code segment}, transmission {@code iteration}, is in the trace. */
    private static int position(List<TcpTrace.Entry> trace, int segment, int iteration) {
        for (int i = 0; i < trace.size(); i++) {
            var p = trace.get(i).info();
            if (p.fromClient() && p.segment() == segment && p.iteration() == iteration) return i;
        }
        throw new AssertionError("the kernel's trace has no segment " + segment + ", transmission " + iteration);
    }
}
