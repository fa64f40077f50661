// The Netty side of Sonde's engine choice (bench/load-vs-wrk.sh): the same closed-loop keepalive
// workload as Sonde's engine (N connections, one preencoded GET each, the next request as soon as
// the response is complete, responses parsed in place by Sonde's own HttpResponseParser), on
// Netty 4.2's epoll, io_uring or NIO transport. One event loop thread. Run with the Netty jars and
// load/target/classes on the class path:
//   java -cp "$NETTY/*:load/target/classes" bench/load/NettyKeepaliveProbe.java epoll 127.0.0.1 8080 64 SECONDS [WARMUP_SECONDS]
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringSocketChannel;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.sonde.load.http.HttpResponseParser;

public class NettyKeepaliveProbe {
    static long responses;
    static long errors;
    static volatile boolean running = true;

    public static void main(String[] args) throws Exception {
        String transport = args[0];
        String host = args[1];
        int port = Integer.parseInt(args[2]);
        int connections = Integer.parseInt(args[3]);
        int seconds = Integer.parseInt(args[4]);
        IoHandlerFactory factory = switch (transport) {
            case "epoll" -> EpollIoHandler.newFactory();
            case "io_uring" -> IoUringIoHandler.newFactory();
            default -> NioIoHandler.newFactory();
        };
        Class<? extends Channel> channel = switch (transport) {
            case "epoll" -> EpollSocketChannel.class;
            case "io_uring" -> IoUringSocketChannel.class;
            default -> NioSocketChannel.class;
        };
        byte[] req = ("GET / HTTP/1.1\r\nHost: dperf\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        ByteBuf request = Unpooled.unreleasableBuffer(Unpooled.directBuffer(req.length).writeBytes(req));
        MultiThreadIoEventLoopGroup group = new MultiThreadIoEventLoopGroup(1, factory);
        Bootstrap b = new Bootstrap().group(group).channel(channel).option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                            final HttpResponseParser parser = new HttpResponseParser();

                            @Override
                            public void channelActive(ChannelHandlerContext ctx) {
                                ctx.writeAndFlush(request.duplicate());
                            }

                            @Override
                            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                ByteBuf in = (ByteBuf) msg;
                                try {
                                    ByteBuffer nio = in.nioBuffer();
                                    int pos = nio.position();
                                    int limit = nio.limit();
                                    while (pos < limit) {
                                        int end = parser.parse(nio, pos, limit);
                                        if (end == HttpResponseParser.NEED_MORE) break;
                                        if (end == HttpResponseParser.MALFORMED) {
                                            errors++;
                                            ctx.close();
                                            return;
                                        }
                                        responses++;
                                        parser.reset();
                                        pos = end;
                                        if (running) ctx.writeAndFlush(request.duplicate());
                                    }
                                } finally {
                                    in.release();
                                }
                            }

                            @Override
                            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                                errors++;
                                ctx.close();
                            }
                        });
                    }
                });
        for (int i = 0; i < connections; i++) b.connect(host, port).sync();
        int warmUpSeconds = args.length > 5 ? Integer.parseInt(args[5]) : 0;
        // a warm-up while the JIT compiles, excluded as Sonde's slow start is from its rates
        Thread.sleep(warmUpSeconds * 1000L);
        long start = System.nanoTime();
        long first = group.submit(() -> responses).get();
        Thread.sleep(seconds * 1000L);
        long last = group.submit(() -> responses).get();
        double elapsed = (System.nanoTime() - start) / 1e9;
        running = false;
        long errs = group.submit(() -> errors).get();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(3, TimeUnit.SECONDS);
        System.out.printf("{\"transport\": \"%s\", \"responses\": %d, \"seconds\": %.3f, \"requestsPerSecond\": %.1f, \"errors\": %d}%n",
                transport, last - first, elapsed, (last - first) / elapsed, errs);
        System.exit(0);
    }
}
