package org.sonde.netio;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.testkit.Netns;

/** A machine-wide setting raised for a while and put back exactly (needs root: it writes /proc/sys). */
@Tag("netns")
class HostSysctlNetnsTest {
    private static final Path BACKLOG = Path.of("/proc/sys/net/core/netdev_max_backlog");

    @Test
    void aSettingIsRaisedWhileNeededAndPutBackAndOneAlreadyHighEnoughIsLeftAlone() throws Exception {
        long before = Long.parseLong(HostSysctl.read(BACKLOG));
        assertThat(before).as("the value as sysctl shows it, read whole").isGreaterThan(9);
        try (HostSysctl raised = open(before + 1)) {
            assertThat(Long.parseLong(HostSysctl.read(BACKLOG))).isEqualTo(before + 1);
        }
        assertThat(Long.parseLong(HostSysctl.read(BACKLOG))).isEqualTo(before);
        try (HostSysctl kept = open(before - 1)) {
            assertThat(Long.parseLong(HostSysctl.read(BACKLOG))).isEqualTo(before);
        }
        assertThat(Long.parseLong(HostSysctl.read(BACKLOG))).isEqualTo(before);
    }

    private static HostSysctl open(long value) {
        try {
            return HostSysctl.atLeast("net.core.netdev_max_backlog", value);
        } catch (RuntimeException e) {
            throw Netns.unavailable("root", e.getMessage(), e);
        }
    }
}
