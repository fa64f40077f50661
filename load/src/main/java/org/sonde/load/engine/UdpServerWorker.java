package org.sonde.load.engine;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.util.ArrayList;
import java.util.List;
import org.sonde.load.config.AddressRange;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.stats.Counter;

/**
 * dperf's UDP server on one thread: a datagram socket on every server address × listen port
 * (SO_REUSEPORT, so the kernel spreads flows over workers), answering every datagram with one
 * payload_size datagram to its source. Like dperf's server, it answers only its configured client
 * ranges (others are udpDrop) and keeps no state per flow: a request is one datagram.
 */
final class UdpServerWorker extends SelectingServer {
    private static final int READ_BUFFER_BYTES = 65_536;
    /** Datagrams served per socket per wake, so one busy socket cannot starve the others. */
    private static final int BATCH = 256;

    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(READ_BUFFER_BYTES);
    private final ByteBuffer response;
    private final List<DatagramChannel> sockets = new ArrayList<>();

    UdpServerWorker(LoadConfig config, int index, byte[] responseBytes) throws IOException {
        super(config, index);
        this.response = ByteBuffer.allocateDirect(responseBytes.length).put(responseBytes).flip();
        bindAll();
    }

    @Override
    void bind(InetSocketAddress address) throws IOException {
        DatagramChannel ch = DatagramChannel.open(address.getAddress() instanceof java.net.Inet6Address
                ? java.net.StandardProtocolFamily.INET6 : java.net.StandardProtocolFamily.INET);
        sockets.add(ch);
        ch.setOption(StandardSocketOptions.SO_REUSEADDR, true);
        ch.setOption(StandardSocketOptions.SO_REUSEPORT, true);
        if (config.tos() != 0) ch.setOption(StandardSocketOptions.IP_TOS, config.tos());
        try {
            ch.bind(address);
        } catch (IOException e) {
            throw new IOException("cannot bind udp " + address.getAddress().getHostAddress() + ":" + address.getPort() + ": " + e.getMessage(), e);
        }
        ch.configureBlocking(false);
        ch.register(selector, SelectionKey.OP_READ);
    }

    @Override
    public int boundPort() throws IOException {
        return ((InetSocketAddress) sockets.getFirst().getLocalAddress()).getPort();
    }

    @Override
    void serve(SelectionKey key) {
        DatagramChannel ch = (DatagramChannel) key.channel();
        try {
            for (int i = 0; i < BATCH; i++) {
                readBuffer.clear();
                SocketAddress source = ch.receive(readBuffer);
                if (source == null) return;
                stats.increment(Counter.UDP_RX);
                stats.add(Counter.BYTES_RX, readBuffer.position());
                if (!config.clients().isEmpty() && !allowed((InetSocketAddress) source)) {
                    stats.increment(Counter.UDP_DROP); // dperf's server answers only its configured clients
                    continue;
                }
                response.rewind();
                stats.countUdpSend(ch.send(response, source));
            }
        } catch (IOException e) {
            // the kernel refused the send (rare on an unconnected socket, which gets no ICMP errors): counted, and the socket stays usable
            stats.increment(Counter.DROP_TX);
        }
    }

    private boolean allowed(InetSocketAddress source) {
        for (AddressRange r : config.clients()) if (r.contains(source.getAddress())) return true;
        return false;
    }

    @Override
    void closeSockets() {
        sockets.forEach(Channels::closeQuietly);
    }
}
