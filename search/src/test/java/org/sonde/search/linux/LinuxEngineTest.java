package org.sonde.search.linux;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.sonde.load.config.LoadConfig;
import org.sonde.search.tcp.TcpDimension;
import org.sonde.search.tcp.TcpPoint;
import org.sonde.search.tcp.TcpSpace;

/** How a TCP point becomes the load engine's client and server configurations (no namespaces needed). */
class LinuxEngineTest {
    private final TcpSpace space = TcpSpace.full();

    @Test
    void requestAndResponseSizesGoToTheirOwnSides() {
        TcpPoint p = space.set(space.set(space.gentlest(), TcpDimension.REQUEST_BYTES, 1000), TcpDimension.RESPONSE_BYTES, 128000);
        LoadConfig server = LinuxEngine.serverConfig(p, 8080);
        assertThat(server.payloadSize()).isEqualTo(128000);
        LinuxEngine engine = new LinuxEngine(LinuxTarget.defaults());
        assertThat(engine.clientConfig(p, 8080).payloadSize()).isEqualTo(1000);
    }

    @Test
    void keepaliveAndSourceAddressesFollowThePoint() {
        TcpPoint p = space.set(space.set(space.gentlest(), TcpDimension.REQUESTS, 4), TcpDimension.CONCURRENCY, 512);
        LoadConfig client = new LinuxEngine(LinuxTarget.defaults()).clientConfig(p, 8080);
        assertThat(client.keepalive()).isPresent();
        assertThat(client.cc()).isEqualTo(512L);
        assertThat(client.cps()).isEqualTo((long) p.cps());
    }
}
