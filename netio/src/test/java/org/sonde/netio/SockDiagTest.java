package org.sonde.netio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import org.junit.jupiter.api.Test;

/** sock_diag against sockets of this process on loopback, whose state the JDK knows too. */
class SockDiagTest {
    private static final int LOOPBACK = 0x7f000001;

    @Test
    void aConnectionsTcpInfoIsFoundByItsPortsWithTheKernelsFigures() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket client = new Socket()) {
            client.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()));
            try (Socket accepted = server.accept(); SockDiag diag = SockDiag.open()) {
                OutputStream out = client.getOutputStream();
                out.write(new byte[100_000]);
                out.flush();
                accepted.getInputStream().readNBytes(100_000);
                List<SockDiag.TcpInfo> all = diag.tcp();
                SockDiag.TcpInfo c = all.stream().filter(s -> s.localPort() == client.getLocalPort() && s.remotePort() == server.getLocalPort())
                        .findFirst().orElseThrow(() -> new AssertionError("the client's socket is not among " + all));
                assertThat(c.localAddress()).isEqualTo(LOOPBACK);
                assertThat(c.remoteAddress()).isEqualTo(LOOPBACK);
                assertThat(c.state()).isEqualTo(1); // TCP_ESTABLISHED
                assertThat(c.caState()).isBetween(0, 4); // open ... loss: on a loaded host even loopback may probe a tail
                assertThat(c.cwnd()).isGreaterThanOrEqualTo(10); // Linux's initial window, grown by what was acknowledged
                assertThat(c.rtoMicros()).isGreaterThanOrEqualTo(200_000); // TCP_RTO_MIN
                assertThat(c.sndMss()).isPositive();
                assertThat(c.totalRetrans()).isBetween(0L, 10L);
                assertThat(c.rttMicros()).isPositive();
                // the listener is there too, and the accepted end with its ports the other way round
                assertThat(all).anySatisfy(s -> {
                    assertThat(s.localPort()).isEqualTo(server.getLocalPort());
                    assertThat(s.state()).isEqualTo(10); // TCP_LISTEN
                });
                assertThat(all).anySatisfy(s -> {
                    assertThat(s.localPort()).isEqualTo(server.getLocalPort());
                    assertThat(s.remotePort()).isEqualTo(client.getLocalPort());
                });
                // a second dump on the same socket works as the first
                assertThat(diag.tcp()).hasSameSizeAs(all);
            }
        }
    }
}
