package org.sonde.search.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;
import org.sonde.search.tcp.TcpDimension;

/** The Linux target's file: settings, narrowed grids, and errors that name the key. */
class LinuxTargetTest {
    @Test
    void readsSettingsAndNarrowsTheSpace() {
        LinuxTarget t = LinuxTarget.parse("t.yaml", "prefix: sonde-x\nexperiment: 3s\nlink-rate: 1Gbps\nshortfall: 0.1\nspace:\n  cps: [3000, 1000]\n  syncookies: [0]\n");
        assertThat(t.name()).isEqualTo("linux:t.yaml");
        assertThat(t.prefix()).isEqualTo("sonde-x");
        assertThat(t.experimentSeconds()).isEqualTo(3);
        assertThat(t.linkBitsPerSecond()).isEqualTo(1_000_000_000L);
        assertThat(t.shortfall()).isEqualTo(0.1);
        assertThat(LinuxTarget.parse("e.yaml", "{}\n").shortfall()).isEqualTo(0.2); // Collie's
        assertThat(t.space().grid(TcpDimension.CPS).values()).containsExactly(1000, 3000);
        assertThat(t.space().grid(TcpDimension.SYNCOOKIES).values()).containsExactly(0);
        assertThat(t.space().grid(TcpDimension.BACKLOG)).isEqualTo(TcpDimension.BACKLOG.grid());
        assertThat(LinuxTarget.parse("e.yaml", "{}\n").experimentSeconds()).isEqualTo(2);
    }

    @Test
    void aValueOffTheGridOrAnUnknownDimensionNamesItsKey() {
        assertThatThrownBy(() -> LinuxTarget.parse("t.yaml", "space:\n  cps: [1234]\n"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("t.yaml").hasMessageContaining("space.cps").hasMessageContaining("1234");
        assertThatThrownBy(() -> LinuxTarget.parse("t.yaml", "space:\n  backlogs: [1]\n"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("backlogs").hasMessageContaining("ephemeralPorts");
        assertThatThrownBy(() -> LinuxTarget.parse("t.yaml", "experiment: 1500ms\n")).isInstanceOf(BadInputException.class).hasMessageContaining("whole seconds");
        assertThatThrownBy(() -> LinuxTarget.parse("t.yaml", "duration: 2s\n")).isInstanceOf(BadInputException.class).hasMessageContaining("duration");
        assertThatThrownBy(() -> LinuxTarget.parse("t.yaml", "shortfall: 1.5\n")).isInstanceOf(BadInputException.class).hasMessageContaining("shortfall");
    }
}
