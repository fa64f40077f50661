package org.sonde.load.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;

/** Every keyword Sonde accepts, every error it reports (with its line), and dperf's defaults. */
class ConfigParserTest {
    private static final String CLIENT = "mode client\nserver 127.0.0.1 1\ncps 10\n";
    private static final String SERVER = "mode server\nserver 127.0.0.1 1\n";
    /** A user-space client, for the 'vxlan' line to be added to. */
    private static final String VX = "mode client\nengine userspace\nserver 10.9.0.1 1\nclient 10.9.1.1 2\ncps 10\nport veth0 10.0.0.2 10.0.0.1\n";

    @TempDir
    Path dir;

    private static LoadConfig parse(String text) {
        return ConfigParser.parse(Path.of("t.conf"), text).config();
    }

    private static BadInputException error(String text) {
        try {
            parse(text);
        } catch (BadInputException e) {
            return e;
        }
        throw new AssertionError("no error for:\n" + text);
    }

    @Test
    void deferAcceptIsOffByDefaultAndOnForATcpServerOfRawOrHttpPayloads() {
        assertThat(parse(SERVER).deferAccept()).isFalse();
        assertThat(parse(SERVER + "defer_accept\n").deferAccept()).isTrue();
        assertThat(parse(SERVER + "payload_size 10\ndefer_accept\n").deferAccept()).isTrue();
        // the other settings are untouched by it, and a shortened test keeps it
        assertThat(parse(SERVER + "defer_accept\n").withTimes(5, 0, 0).deferAccept()).isTrue();
        assertThat(parse(SERVER + "defer_accept\n").listenPort()).isEqualTo(80);
    }

    @Test
    void kniNamesTheTapInterfaceOfTheUserspaceEngine() {
        String base = "mode client\nengine userspace\nserver 10.0.0.1 1\nclient 10.1.0.1 2\ncps 10\nport veth0 10.0.0.2 10.0.0.1\n";
        assertThat(parse(base).kni()).isEmpty();
        assertThat(parse(base + "kni\n").kni()).contains("kni-veth0");
        assertThat(parse(base + "kni tap7\n").kni()).contains("tap7");
        assertThat(parse(base.replace("veth0", "enp0s31f6-long")).kni()).isEmpty();
        assertThat(parse(base.replace("veth0", "enp0s31f6-long") + "kni\n").kni()).contains("kni-enp0s31f6-l"); // cut to 15 characters
        assertThatThrownBy(() -> parse(base + "kni a/b\n")).isInstanceOf(BadInputException.class).hasMessageContaining("not an interface name");
    }

    @Test
    void theUserspaceEngineTakesIpv6AddressesAsDperfDoes() {
        LoadConfig c = parse("mode client\nengine userspace\nserver fd00::1 1\nclient fd00::1:100 4 fd00::1:200 4\ncps 10\nport veth0 fd00::2 fd00::1\n"
                + "payload_size 1440\n");
        assertThat(c.servers().getFirst().ipv6()).isTrue();
        assertThat(c.port().orElseThrow().gateway().getHostAddress()).isEqualTo("fd00:0:0:0:0:0:0:1");
        assertThat(c.clients()).hasSize(2);
    }

    @Test
    void vxlanTakesDperfsSyntaxWithAnIpv6InnerNetworkToo() {
        LoadConfig c = parse(VX + "vxlan 42 02:00:00:00:00:01 02:00:00:00:00:02 10.0.0.2 1 10.0.0.1 1\n");
        VxlanSpec v = c.vxlan().orElseThrow();
        assertThat(v.vni()).isEqualTo(42);
        assertThat(v.innerSourceMac()).isEqualTo("02:00:00:00:00:01");
        assertThat(v.innerDestinationMac()).isEqualTo("02:00:00:00:00:02");
        assertThat(v.localVtep().getHostAddress()).isEqualTo("10.0.0.2");
        assertThat(v.remoteVtep().getHostAddress()).isEqualTo("10.0.0.1");
        LoadConfig inner6 = parse("mode client\nengine userspace\nserver fd09::1 1\nclient fd09::1:100 2\ncps 10\nport veth0 10.0.0.2 10.0.0.1\n"
                + "vxlan 42 02:00:00:00:00:01 02:00:00:00:00:02 10.0.0.2 1 10.0.0.1 1\n");
        assertThat(inner6.servers().getFirst().ipv6()).isTrue();
        assertThat(parse(VX).vxlan()).isEmpty();
        assertThat(parse(VX).mss()).isZero();
        assertThat(parse(VX + "mss 1000\n").mss()).isEqualTo(1000);
    }

    @Test
    void theUserspaceEngineRunsOneWorkerPerCpu() {
        LoadConfig c = parse("mode client\nengine userspace\nserver 10.0.0.1 1\nclient 10.1.0.1 2\ncps 10\nport veth0 10.0.0.2 10.0.0.1\ncpu 0-1\n");
        assertThat(c.workers()).isEqualTo(2);
        assertThat(c.cpus()).containsExactly(0, 1);
    }

    @Test
    void aMinimalClientGetsDperfsDefaults() {
        LoadConfig c = parse("mode client\nserver 10.0.0.1 1\ncps 1k\n");
        assertThat(c.mode()).isEqualTo(Mode.CLIENT);
        assertThat(c.cps()).isEqualTo(1000);
        assertThat(c.durationSeconds()).isEqualTo(60);
        assertThat(c.waitSeconds()).isEqualTo(3);
        assertThat(c.slowStartSeconds()).isEqualTo(30);
        assertThat(c.retransmitTimeoutSeconds()).isEqualTo(2);
        assertThat(c.protocol()).isEqualTo(Protocol.TCP);
        assertThat(c.listenPort()).isEqualTo(80);
        assertThat(c.listenCount()).isEqualTo(1);
        assertThat(c.httpHost()).isEqualTo("dperf");
        assertThat(c.httpPath()).isEqualTo("/");
        assertThat(c.httpMethod()).isEqualTo(HttpMethod.GET);
        assertThat(c.keepalive()).isEmpty();
        assertThat(c.cc()).isZero();
        assertThat(c.workers()).isEqualTo(1);
        assertThat(c.clientPorts()).isEmpty();
        assertThat(c.clients()).isEmpty();
        assertThat(c.launchNum()).isEqualTo(4);
        assertThat(c.httpPayload()).isTrue();
        assertThat(c.quiet()).isFalse();
        assertThat(c.plannedSeconds()).isEqualTo(93);
    }

    @Test
    void ccAloneGetsDperfsDefaultCps() {
        LoadConfig c = parse("mode client\nserver 127.0.0.1 1\ncc 100\nkeepalive 1ms\n");
        assertThat(c.cc()).isEqualTo(100);
        assertThat(c.cps()).isEqualTo(ConfigParser.DEFAULT_CPS);
        assertThat(c.keepalive()).contains(new Keepalive(1000, 0));
    }

    @Test
    void everyClientKeywordIsRead(@TempDir Path tmp) throws IOException {
        Path conf = tmp.resolve("all.conf");
        Files.writeString(conf, """
                # every client keyword Sonde accepts
                mode        client
                cpu         0
                duration    1.5m
                cps         2.5k   # decimals and a multiplier
                cc          1k
                keepalive   10us 100
                launch_num  8
                client      127.0.0.2 10 127.0.1.2 5
                client      127.0.2.2 1
                server      127.0.3.1 2
                listen      8080 3
                client_port_range 20000 30000
                protocol    tcp
                payload_random
                wait        0
                slow_start  10
                retransmit_timeout 5
                fast_close
                http_method GET
                tos         0x10
                quiet
                """);
        ConfigParser.Parsed p = ConfigParser.parse(conf);
        LoadConfig c = p.config();
        assertThat(p.warnings()).isEmpty();
        assertThat(c.source()).isEqualTo(conf);
        assertThat(c.cpus()).containsExactly(0);
        assertThat(c.durationSeconds()).isEqualTo(90);
        assertThat(c.cps()).isEqualTo(2500);
        assertThat(c.cc()).isEqualTo(1000);
        assertThat(c.keepalive()).contains(new Keepalive(10, 100));
        assertThat(c.launchNum()).isEqualTo(8);
        assertThat(c.clients()).hasSize(3);
        assertThat(c.clients().get(1).first().getHostAddress()).isEqualTo("127.0.1.2");
        assertThat(c.clients().get(1).count()).isEqualTo(5);
        assertThat(c.servers()).containsExactly(new AddressRange(InetAddress.getByName("127.0.3.1"), 2));
        assertThat(c.listenPort()).isEqualTo(8080);
        assertThat(c.listenCount()).isEqualTo(3);
        assertThat(c.clientPorts()).contains(new PortRange(20000, 30000));
        assertThat(c.protocol()).isEqualTo(Protocol.TCP);
        assertThat(c.payloadRandom()).isTrue();
        assertThat(c.waitSeconds()).isZero();
        assertThat(c.slowStartSeconds()).isEqualTo(10);
        assertThat(c.retransmitTimeoutSeconds()).isEqualTo(5);
        assertThat(c.fastClose()).isTrue();
        assertThat(c.tos()).isEqualTo(16);
        assertThat(c.quiet()).isTrue();
    }

    @Test
    void httpKeywords() {
        LoadConfig c = parse(CLIENT + "protocol http\nhttp_host example.org\nhttp_path /index.html\nhttp_method POST\n");
        assertThat(c.protocol()).isEqualTo(Protocol.HTTP);
        assertThat(c.httpHost()).isEqualTo("example.org");
        assertThat(c.httpPath()).isEqualTo("/index.html");
        assertThat(c.httpMethod()).isEqualTo(HttpMethod.POST);
    }

    @Test
    void payloadSizeBelow85IsRawFillerAndFrom85AnHttpMessage() {
        assertThat(parse(CLIENT + "payload_size 84\n").httpPayload()).isFalse();
        assertThat(parse(CLIENT + "payload_size 85\n").httpPayload()).isTrue();
        assertThat(parse(CLIENT + "payload_size 1.5k\n").payloadSize()).isEqualTo(1500);
    }

    @Test
    void payloadFileIsReadRelativeToTheConfiguration() throws IOException {
        Files.writeString(dir.resolve("payload.txt"), "hello\n");
        Path conf = dir.resolve("c.conf");
        Files.writeString(conf, CLIENT + "payload_file payload.txt\n");
        LoadConfig c = ConfigParser.parse(conf).config();
        assertThat(c.payloadFile()).contains(dir.resolve("payload.txt"));
        assertThat(c.payloadSize()).isEqualTo(6);
    }

    @Test
    void aServerConfiguration() {
        LoadConfig c = parse(SERVER + "listen 9000 2\npayload_size 1000\ncpu 0-1\nclient 127.0.0.2 3\nduration 10s\ntos 46\n");
        assertThat(c.mode()).isEqualTo(Mode.SERVER);
        assertThat(c.listenPort()).isEqualTo(9000);
        assertThat(c.listenCount()).isEqualTo(2);
        assertThat(c.cpus()).containsExactly(0, 1);
        assertThat(c.workers()).isEqualTo(2);
        assertThat(c.waitSeconds()).isZero();
        assertThat(c.slowStartSeconds()).isZero();
        assertThat(c.cps()).isZero();
        assertThat(c.tos()).isEqualTo(46);
        assertThat(c.keepalive()).isEmpty();
        // a server's keepalive is its idle timeout's interval (dperf: 4 retransmit timeouts plus it)
        assertThat(parse(SERVER + "keepalive 1s\n").keepalive()).contains(new Keepalive(1_000_000, 0));
    }

    @Test
    void durationUnits() {
        assertThat(parse(CLIENT + "duration 100\n").durationSeconds()).isEqualTo(100);
        assertThat(parse(CLIENT + "duration 100s\n").durationSeconds()).isEqualTo(100);
        assertThat(parse(CLIENT + "duration 2h\n").durationSeconds()).isEqualTo(7200);
        assertThat(parse(CLIENT + "duration 1.5d\n").durationSeconds()).isEqualTo(129600);
    }

    @Test
    void keepaliveIntervalUnits() {
        assertThat(parse(CLIENT + "keepalive 0us\n").keepalive()).contains(new Keepalive(0, 0));
        assertThat(parse(CLIENT + "keepalive 2us\n").keepalive()).contains(new Keepalive(2, 0));
        assertThat(parse(CLIENT + "keepalive 60s 32767\n").keepalive()).contains(new Keepalive(60_000_000, 32767));
        assertThat(parse(CLIENT + "keepalive 5ms 1k\n").keepalive()).contains(new Keepalive(5000, 1000));
    }

    @Test
    void deprecatedAndNoOpKeywordsWarn() {
        ConfigParser.Parsed p = ConfigParser.parse(Path.of("t.conf"), CLIENT + "lport_range 1000 2000\npacket_size 64\nclient_hop\n");
        assertThat(p.config().clientPorts()).contains(new PortRange(1000, 2000));
        assertThat(p.warnings()).hasSize(3).anyMatch(w -> w.contains("client_port_range")).anyMatch(w -> w.contains("payload_size"))
                .anyMatch(w -> w.contains("client_hop"));
    }

    @Test
    void ipv6Addresses() {
        LoadConfig c = parse("mode client\nserver ::1 1\nclient fd00::2 3\ncps 1\n");
        assertThat(c.servers().getFirst().ipv6()).isTrue();
        assertThat(c.clients().getFirst().get(2).getHostAddress()).isEqualTo("fd00:0:0:0:0:0:0:4");
    }

    @Test
    void commentsBlankLinesAndTabsAreIgnored() {
        LoadConfig c = parse("# a comment\n\n\tmode\tclient # trailing\r\nserver 127.0.0.1 1\r\n  cps   7  \n");
        assertThat(c.cps()).isEqualTo(7);
    }

    static List<String[]> errors() {
        return List.of(
                // text, line (0: the file as a whole), message fragment, hint fragment
                new String[] {"server 127.0.0.1 1\ncps 1\n", "0", "no 'mode' line", "mode client"},
                new String[] {"mode client\ncps 1\n", "0", "no 'server' line", "server IPAddress Number"},
                new String[] {"mode client\nserver 127.0.0.1 1\n", "0", "no targets", "cps 1k"},
                new String[] {"mode client\nserver 127.0.0.1 1\ncc 10\n", "3", "'cc' requires 'keepalive'", "keepalive 1ms"},
                new String[] {"mode other\n", "1", "unknown mode 'other'", "client|server"},
                new String[] {"mode\n", "1", "expected 1 argument, got 0", "syntax: mode"},
                new String[] {CLIENT + "mode client\n", "4", "duplicate 'mode' (first on line 1)", "keep one"},
                new String[] {CLIENT + "cpsx 1\n", "4", "unknown keyword 'cpsx'", "did you mean 'cps'"},
                new String[] {CLIENT + "frobnicate\n", "4", "unknown keyword 'frobnicate'", "sonde load keywords"},
                new String[] {CLIENT + "cpu 3-1\n", "4", "bad cpu range '3-1'", "syntax: cpu"},
                new String[] {CLIENT + "cpu 1 1\n", "4", "cpu 1 is listed twice", "syntax: cpu"},
                new String[] {CLIENT + "cpu 0-64\n", "4", "more than 64 CPUs", "syntax: cpu"},
                new String[] {CLIENT + "cpu x\n", "4", "'x' is not a whole number", "syntax: cpu"},
                new String[] {CLIENT + "duration 0\n", "4", "shorter than one second", "syntax: duration"},
                new String[] {CLIENT + "duration 5y\n", "4", "not a duration", "syntax: duration"},
                new String[] {CLIENT + "duration 0.5s\n", "4", "shorter than one second", "syntax: duration"},
                new String[] {"mode client\nserver 127.0.0.1 1\ncps 1q\n", "3", "unknown suffix 'q'", "syntax: cps"},
                new String[] {"mode client\nserver 127.0.0.1 1\ncps 1.2.3\n", "3", "not a number", "syntax: cps"},
                new String[] {"mode client\nserver 127.0.0.1 1\ncps 99999999999\n", "3", "too large", "syntax: cps"},
                new String[] {CLIENT + "cc 0\n", "4", "cc must be positive", "syntax: cc"},
                new String[] {CLIENT + "keepalive 1\n", "4", "needs a unit", "syntax: keepalive"},
                new String[] {CLIENT + "keepalive 15us\n", "4", "multiple of 10us", "syntax: keepalive"},
                new String[] {CLIENT + "keepalive 3us\n", "4", "multiple of 2us", "syntax: keepalive"},
                new String[] {CLIENT + "keepalive 1500us\n", "4", "below 1 ms", "syntax: keepalive"},
                new String[] {CLIENT + "keepalive 1ms 40000\n", "4", "above 32767", "syntax: keepalive"},
                new String[] {CLIENT + "keepalive 0us 5\n", "4", "needs a positive interval", "syntax: keepalive"},
                new String[] {CLIENT + "keepalive\n", "4", "expected 1 to 2 arguments", "syntax: keepalive"},
                new String[] {CLIENT + "launch_num 0\n", "4", "launch_num must be 1-1024", "syntax: launch_num"},
                new String[] {CLIENT + "client 127.0.0.2\n", "4", "expected pairs of IPAddress Number", "syntax: client"},
                new String[] {CLIENT + "client 127.0.0.2 255\n", "4", "the number must be 1-254", "syntax: client"},
                new String[] {CLIENT + "client 127.0.0.250 10\n", "4", "only the last byte varies", "syntax: client"},
                new String[] {CLIENT + "client 0.0.0.0 1\n", "4", "wildcard address", "syntax: client"},
                new String[] {CLIENT + "client host.example 1\n", "4", "not an IPv4 or IPv6 address", "syntax: client"},
                new String[] {CLIENT + "client 127.0.0.300 1\n", "4", "300 is above 255", "syntax: client"},
                new String[] {CLIENT + "client 127.0.0.2 2\nclient 127.1.0.3 1\n", "4", "duplicate client ip address's last 2 bytes", "disjoint"},
                new String[] {CLIENT + "client 127.0.0.1 2\n", "4", "client and server address conflict", "different addresses"},
                new String[] {CLIENT + "server 127.0.0.1 1\n", "2", "duplicate server ip address", "disjoint"},
                new String[] {CLIENT + "client ::2 1\n", "2", "IPv4 and IPv6 addresses are mixed", "one address family"},
                new String[] {"mode client\nserver 127.0.0.1 33 127.0.1.1 1 127.0.2.1 1 127.0.3.1 1 127.0.4.1 1 127.0.5.1 1 127.0.6.1 1 127.0.7.1 1 "
                        + "127.0.8.1 1 127.0.9.1 1 127.0.10.1 1 127.0.11.1 1 127.0.12.1 1 127.0.13.1 1 127.0.14.1 1 127.0.15.1 1 127.0.16.1 1 "
                        + "127.0.17.1 1 127.0.18.1 1 127.0.19.1 1 127.0.20.1 1 127.0.21.1 1 127.0.22.1 1 127.0.23.1 1 127.0.24.1 1 127.0.25.1 1 "
                        + "127.0.26.1 1 127.0.27.1 1 127.0.28.1 1 127.0.29.1 1 127.0.30.1 1 127.0.31.1 1 127.0.32.1 1\ncps 1\n", "2",
                        "more than 32 server ranges", "syntax: server"},
                new String[] {CLIENT + "listen 0 1\n", "4", "must be positive", "syntax: listen"},
                new String[] {CLIENT + "listen 65530 10\n", "4", "run past 65534", "syntax: listen"},
                new String[] {CLIENT + "listen 80\n", "4", "expected 2 arguments, got 1", "syntax: listen"},
                new String[] {CLIENT + "client_port_range 2000 1000\n", "4", "must be below the last", "syntax: client_port_range"},
                new String[] {CLIENT + "client_port_range 0 1000\n", "4", "ports must be 1-65535", "syntax: client_port_range"},
                new String[] {CLIENT + "client_port_range 1 70000\n", "4", "ports must be 1-65535", "syntax: client_port_range"},
                new String[] {CLIENT + "protocol sctp\n", "4", "unknown protocol 'sctp'", "syntax: protocol"},
                new String[] {CLIENT + "payload_size 0\n", "4", "payload_size must be positive", "syntax: payload_size"},
                new String[] {CLIENT + "payload_size 20m\n", "4", "above Sonde's 16 MiB", "syntax: payload_size"},
                new String[] {CLIENT + "payload_random 1\n", "4", "expected no arguments", "(no arguments)"},
                new String[] {CLIENT + "payload_file /nonexistent/payload\n", "4", "cannot read payload file", "relative paths"},
                new String[] {CLIENT + "payload_file a\npayload_size 10\n", "4", "payload_file and payload_size are both set", "keep one"},
                new String[] {CLIENT + "payload_file a\npayload_random\n", "4", "payload_file and payload_random are both set", "keep one"},
                new String[] {CLIENT + "wait x\n", "4", "not a whole number", "syntax: wait"},
                new String[] {CLIENT + "slow_start 5\n", "4", "slow_start must be 10-600", "syntax: slow_start"},
                new String[] {CLIENT + "slow_start 601\n", "4", "slow_start must be 10-600", "syntax: slow_start"},
                new String[] {CLIENT + "retransmit_timeout 1\n", "4", "retransmit_timeout must be 2-300", "syntax: retransmit_timeout"},
                new String[] {CLIENT + "fast_close now\n", "4", "expected no arguments", "(no arguments)"},
                new String[] {SERVER + "defer_accept 1\n", "3", "expected no arguments", "(no arguments)"},
                new String[] {CLIENT + "defer_accept\n", "4", "'defer_accept' is a server keyword", "mode server"},
                new String[] {SERVER + "protocol udp\ndefer_accept\n", "4", "'defer_accept' is for TCP listeners", "protocol tcp"},
                new String[] {"mode server\nengine userspace\nport veth0 10.0.0.1 10.0.0.2\nserver 10.0.0.1 1\nclient 10.1.0.1 2\ndefer_accept\n", "6",
                        "an option of the kernel's listening sockets", "answers a request as its segment arrives"},
                new String[] {CLIENT + "http_host " + "h".repeat(128) + "\n", "4", "http_host is longer than 127", "syntax: http_host"},
                new String[] {CLIENT + "http_path index.html\n", "4", "must start with '/'", "syntax: http_path"},
                new String[] {CLIENT + "http_path /" + "p".repeat(255) + "\n", "4", "http_path is longer than 255", "syntax: http_path"},
                new String[] {CLIENT + "http_method PUT\n", "4", "unknown method 'PUT'", "syntax: http_method"},
                new String[] {CLIENT + "tos 0x100\n", "4", "out of range 0-255", "syntax: tos"},
                new String[] {CLIENT + "tos abc\n", "4", "not a number", "syntax: tos"},
                new String[] {CLIENT + "quiet please\n", "4", "expected no arguments", "(no arguments)"},
                new String[] {CLIENT + "client_hop 1\n", "4", "expected no arguments", "(no arguments)"},
                new String[] {CLIENT + "packet_size x\n", "4", "not a number", "syntax: packet_size"},
                new String[] {CLIENT + "http_host a\npayload_size 100\n", "4", "cannot be set with payload_size", "delete payload_size"},
                new String[] {CLIENT + "protocol udp\nhttp_path /x\n", "5", "HTTP settings cannot be set with 'protocol udp'", "protocol http"},
                new String[] {CLIENT + "protocol http\npayload_size 100\n", "5", "takes no payload", "protocol tcp"},
                new String[] {CLIENT + "protocol udp\npayload_size 65508\n", "5", "does not fit in one UDP datagram (65507 bytes at most over IPv4)",
                        "at most 65507 bytes"},
                new String[] {"mode client\nengine userspace\nserver 10.0.0.1 1\nclient 10.1.0.1 2\ncps 10\n", "2", "'engine userspace' needs a 'port' line", "port IFNAME IP GW"},
                new String[] {"mode client\nengine userspace\nserver 10.0.0.1 1\nclient 10.1.0.1 2\ncps 10\nport veth0 10.0.0.2\n", "6", "expected 3 to 4 arguments", "syntax: port"},
                new String[] {"mode client\nengine userspace\nserver 10.0.0.1 1\nclient 10.1.0.1 2\ncps 10\nport veth0 10.0.0.2 10.0.0.1 zz:00\n", "6", "not a MAC address", "syntax: port"},
                new String[] {"mode client\nengine userspace\nserver 10.0.0.1 1\nclient 10.1.0.1 2\ncps 10\nport veth0 10.0.0.2 10.0.0.1\nprotocol udp\n", "7", "runs TCP only", "kernel engine"},
                new String[] {"mode client\nengine userspace\nserver 10.0.0.1 1\nclient 10.1.0.1 2\ncps 10\nport veth0 10.0.0.2 10.0.0.1\npayload_size 1461\n",
                        "7", "does not fit in one 1460-byte segment", "at most 1460 bytes with 'engine userspace', or add 'jumbo'"},
                new String[] {"mode client\nengine userspace\nport veth0 10.0.0.2 10.0.0.1\nserver 10.0.0.1 1\ncps 10\n", "0", "needs 'client' ranges", "client 10.1.0.1"},
                new String[] {VX + "vxlan 42 02:00:00:00:00:01 02:00:00:00:00:02 10.0.0.2 1 10.0.0.1 1\npayload_size 1411\n", "8",
                        "does not fit in one 1410-byte segment over IPv4 in VXLAN", "at most 1410"},
                new String[] {VX + "mss 1461\n", "7", "an MSS of 1461 is above 1460", "or add 'jumbo'"},
                new String[] {VX + "mss 535\n", "7", "at least 536", "syntax: mss"},
                new String[] {VX + "mss 600\npayload_size 601\n", "7", "does not fit in one segment of the MSS 600", "raise 'mss'"},
                new String[] {"mode client\nengine userspace\nserver fd00::1 1\nclient fd00::1:100 2\ncps 10\nport veth0 fd00::2 fd00::1\nmss 1441\n", "7",
                        "above 1440, what a 1500-byte MTU carries over IPv6", "mss 1440"},
                new String[] {VX + "vxlan 42 02:00:00:00:00:01 02:00:00:00:00:02 10.0.0.2 2 10.0.0.1 1\n", "7", "both Numbers must be 1", "syntax: vxlan"},
                new String[] {VX + "vxlan 16777216 02:00:00:00:00:01 02:00:00:00:00:02 10.0.0.2 1 10.0.0.1 1\n", "7", "the vni must be 0-16777215", "syntax: vxlan"},
                new String[] {VX + "vxlan 42 02:00:00:00:00:01 02:00:00:00:00:02 fd00::2 1 10.0.0.1 1\n", "7", "endpoints are IPv4", "syntax: vxlan"},
                new String[] {VX + "vxlan 42 02:00:00:00:00:01 zz 10.0.0.2 1 10.0.0.1 1\n", "7", "'zz' is not a MAC address", "syntax: vxlan"},
                new String[] {VX + "vxlan 42 02:00:00:00:00:01 02:00:00:00:00:02 10.0.0.2 1 10.0.0.1 1\ncpu 0-1\n", "7", "'vxlan' runs on one worker", "one CPU"},
                new String[] {VX + "vxlan 42 02:00:00:00:00:01 02:00:00:00:00:02 10.0.0.2 1 10.0.0.1 1\nkni\n", "7", "'kni' is not available with 'vxlan'",
                        "delete 'kni' or 'vxlan'"},
                new String[] {"mode client\nengine userspace\nserver 10.9.0.1 1\nclient 10.9.1.1 2\ncps 10\nport veth0 fd00::2 fd00::1\n"
                        + "vxlan 42 02:00:00:00:00:01 02:00:00:00:00:02 10.0.0.2 1 10.0.0.1 1\n", "6", "the outer network, which is IPv4", "inner addresses"},
                new String[] {"mode client\nengine userspace\nserver fd00::1 1\nclient fd00::1:100 2\ncps 10\nport veth0 fd00::2 fd00::1\npayload_size 1441\n",
                        "7", "does not fit in one 1440-byte segment over IPv6", "at most 1440"},
                new String[] {"mode client\nengine userspace\nserver fd00::1 1\nclient fd00::1:100 2\ncps 10\nport veth0 10.0.0.2 fd00::1\n", "6",
                        "different families", "syntax: port"},
                new String[] {"mode client\nengine userspace\nserver fd00::1 1\nclient fd00::1:100 2\ncps 10\nport veth0 10.0.0.2 10.0.0.1\n", "6",
                        "the port's address is IPv4 and the server's IPv6", "one address family"},
                new String[] {"mode client\nengine userspace\nserver fd00::1 1\nclient fd00::1:100 2 fd00::1:0:0:200 2\ncps 10\nport veth0 fd00::2 fd00::1\n",
                        "4", "differ in their first 96 bits", "within one /96"},
                new String[] {VX + "tcp_rst 2\n", "7", "expected 0 or 1, got '2'", "syntax: tcp_rst 0|1"},
                new String[] {VX + "vlan 4095\n", "7", "the VLAN ID must be 1-4094, got 4095", "syntax: vlan"},
                new String[] {VX + "vlan 0\n", "7", "the VLAN ID must be 1-4094", "syntax: vlan"},
                new String[] {VX + "vlan 7\nvxlan 42 02:00:00:00:00:01 02:00:00:00:00:02 10.0.0.2 1 10.0.0.1 1\n", "7", "'vlan' is not available with 'vxlan'",
                        "delete one"},
                new String[] {VX + "jumbo 8999\n", "7", "the jumbo MTU must be 9000-9710, got 8999", "syntax: jumbo"},
                new String[] {VX + "jumbo 9000\nmss 8961\n", "8", "above 8960, what a 9000-byte MTU carries over IPv4", "mss 8960"},
                new String[] {VX + "jumbo 9000\npayload_size 8961\n", "8", "does not fit in one 8960-byte segment", "at most 8960"},
                new String[] {VX + "send_window 8\n", "7", "'send_window' is the server's", "move it to the server's file"},
                new String[] {VX + "send_window 17\n", "7", "the window must be 2-16 segments, got 17", "syntax: send_window"},
                new String[] {VX + "disable_ack 1\n", "7", "expected no arguments", "syntax: disable_ack (no arguments)"},
                new String[] {VX + "neigh_ignore 1\n", "7", "expected no arguments", "syntax: neigh_ignore (no arguments)"},
                new String[] {VX + "neigh_ignore\nvxlan 42 02:00:00:00:00:01 02:00:00:00:00:02 10.0.0.2 1 10.0.0.1 1\n", "7",
                        "'neigh_ignore' is not available with 'vxlan'", "delete 'neigh_ignore' or 'vxlan'"},
                new String[] {"mode server\nengine userspace\nport veth0 10.0.0.1 10.0.0.2\nserver 10.0.0.1 1\nclient 10.1.0.1 2\ndisable_ack\n", "6",
                        "'disable_ack' is the client's", "sends no pure ACK"},
                new String[] {CLIENT + "change_dip 10.0.0.1 1 4\n", "4", "'change_dip' is the destination pool of a flood", "add 'flood'"},
                new String[] {CLIENT + "protocol udp\nflood\nchange_dip fd00::1 1 4\n", "6", "different families", "one address family"},
                new String[] {CLIENT + "protocol udp\nflood\nchange_dip 255.255.255.250 2 4\n", "6", "runs past the last IPv4 address", "syntax: change_dip"},
                new String[] {CLIENT + "protocol udp\nflood\nchange_dip 10.0.0.1 0 4\n", "6", "the step must be positive", "syntax: change_dip"},
                new String[] {CLIENT + "protocol udp\nflood\nchange_dip 10.0.0.1 1 0\n", "6", "the number must be 1-65536", "syntax: change_dip"},
                new String[] {CLIENT + "netns x\n", "4", "'netns' is for the user-space engine", "engine userspace"},
                new String[] {CLIENT + "engine dpdk\n", "4", "unknown engine 'dpdk'", "syntax: engine"},
                new String[] {SERVER + "wait 1\n", "3", "'wait' in a server configuration", "delete the line"},
                new String[] {SERVER + "slow_start 10\n", "3", "'slow_start' in a server configuration", "delete the line"},
                new String[] {SERVER + "cps 10\n", "3", "'cps' is a client keyword", "delete the line"},
                new String[] {SERVER + "http_path /x\n", "3", "'http_path' is a client keyword", "delete the line"},
                new String[] {SERVER + "protocol http\n", "3", "'protocol http' is the client's response parser", "protocol tcp"},
                new String[] {CLIENT + "flood\n", "4", "'flood' with TCP sends bare SYNs", "protocol udp"},
                new String[] {CLIENT + "protocol udp\nflood\ncc 10\nkeepalive 1s\n", "6", "a flood's flows send one datagram", "delete 'cc' and 'keepalive'"},
                new String[] {SERVER + "protocol udp\nflood\n", "4", "'flood' is a client keyword", "delete the line"},
                new String[] {CLIENT + "pipeline 4\n", "4", "'pipeline' is for a UDP client", "protocol udp"},
                new String[] {CLIENT + "protocol udp\nflood\npipeline 4\n", "6", "a flood awaits no answers", "delete 'pipeline' or 'flood'"},
                new String[] {CLIENT + "protocol udp\npipeline 101\n", "5", "pipeline must be 0-100", "syntax: pipeline"},
                new String[] {SERVER + "keepalive 1s 10\n", "3", "a request number in a server's 'keepalive'", "the number is the client's"},
                new String[] {SERVER + "protocol udp\nkeepalive 1s\n", "4", "'keepalive' on a UDP server", "keeps no state per flow"},
                new String[] {"mode server\nengine userspace\nport veth0 10.0.0.1 10.0.0.2\nserver 10.0.0.1 1\nclient 10.1.0.1 2\nkeepalive 1s\n", "6",
                        "'keepalive' on the user-space server", "no idle timeout"},
                new String[] {"mode client\nserver 127.0.0.1 1\ncc 30000\nkeepalive 1s\n", "3", "insufficient sockets", "source addresses"},
                new String[] {"mode client\nserver 127.0.0.1 1\nclient_port_range 1000 1100\ncps 100\n", "4", "insufficient sockets", "client_port_range"});
    }

    @Test
    void engineUserspaceGivesDperfsPortItsMeaningWhereverTheEngineLineIs() {
        LoadConfig c = ConfigParser.parse(Path.of("t.conf"), "mode client\nport veth-a 10.0.0.2 10.0.0.1 02:00:00:00:00:01\nnetns lab\n"
                + "server 10.0.0.1 1\nclient 10.1.0.1 16\ncc 1m\nkeepalive 60s\nengine userspace\n").config();
        assertThat(c.engine()).isEqualTo(Engine.USERSPACE);
        assertThat(c.port().orElseThrow().interfaceName()).isEqualTo("veth-a");
        assertThat(c.port().orElseThrow().gateway().getHostAddress()).isEqualTo("10.0.0.1");
        assertThat(c.port().orElseThrow().gatewayMac()).contains("02:00:00:00:00:01");
        assertThat(c.netns()).contains("lab");
        // 16 addresses × dperf's default ports 1-65535: enough tuples for cc 1m
        assertThat(ConfigParser.manual()).anyMatch(l -> l.startsWith("port ") && l.contains("engine userspace"));
    }

    @ParameterizedTest
    @MethodSource("errors")
    void everyErrorNamesItsLineAndSaysHowToFixIt(String text, String line, String message, String hint) {
        BadInputException e = error(text);
        assertThat(e.source()).isEqualTo("t.conf");
        assertThat(e.location()).isEqualTo("0".equals(line) ? null : "line " + line);
        assertThat(e.problem()).contains(message);
        assertThat(e.hint()).contains(hint);
        assertThat(e.getMessage()).startsWith("0".equals(line) ? "t.conf: " : "t.conf: line " + line + ": ");
    }

    @ParameterizedTest
    @CsvSource({"port", "socket_mem", "rss", "flow_isolate", "vxlan", "vlan", "kni", "tx_burst", "jumbo", "mss", "tcp_rst",
            "neigh_ignore", "simd512", "disable_ack", "send_window", "daemon", "log_level"})
    void dpdkKeywordsAreRejectedWithTheReason(String keyword) {
        BadInputException e = error(CLIENT + keyword + " 1\n");
        assertThat(e.location()).isEqualTo("line 4");
        assertThat(e.problem()).isEqualTo("'" + keyword + "' is a DPDK keyword that Sonde's kernel-socket engine rejects");
        assertThat(e.hint()).isNotBlank().endsWith(".");
    }

    @ParameterizedTest
    @CsvSource({"socket_mem", "rss", "flow_isolate", "tx_burst", "simd512", "daemon", "log_level"})
    void inAUserspaceFileTheKeywordsWithoutMeaningThereAreRejectedWithTheUserspaceReason(String keyword) {
        BadInputException e = error(VX + keyword + " 1\n");
        assertThat(e.location()).isEqualTo("line 7");
        assertThat(e.problem()).isEqualTo("'" + keyword + "' is a DPDK keyword that Sonde's user-space engine rejects");
        assertThat(e.hint()).isEqualTo(capitalised(EngineLimits.USERSPACE.get(keyword)) + ".");
        // the user-space file is not told what kernel sockets do
        assertThat(e.hint()).doesNotContain("the kernel spreads", "kernel sockets do not use", "the kernel batches", "the kernel resolves neighbours");
    }

    private static String capitalised(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    @Test
    void everyKeywordTheKernelEngineRejectsIsTakenOrRejectedWithItsOwnReasonByTheUserspaceEngine() {
        for (String k : EngineLimits.KERNEL.keySet()) {
            assertThat(Keywords.USERSPACE.containsKey(k) != EngineLimits.USERSPACE.containsKey(k)).as(k).isTrue();
        }
        assertThat(Keywords.ALL.keySet()).doesNotContainAnyElementsOf(EngineLimits.KERNEL.keySet()).doesNotContainAnyElementsOf(EngineLimits.USERSPACE.keySet());
        assertThat(Keywords.USERSPACE.keySet()).doesNotContainAnyElementsOf(EngineLimits.USERSPACE.keySet());
        // the kernel engine's reason for a keyword the user-space engine takes says where it has its meaning
        for (String k : Keywords.USERSPACE.keySet()) assertThat(EngineLimits.KERNEL.get(k)).as(k).contains("engine userspace");
    }

    @Test
    void theManualListsEveryKeywordAndEveryRejection() {
        assertThat(ConfigParser.manual()).hasSize(Keywords.ALL.size() + Keywords.USERSPACE.size()).anyMatch(l -> l.startsWith("keepalive"))
                .anyMatch(l -> l.startsWith("tcp_rst ") && l.contains("with 'engine userspace'"));
        java.util.Set<String> rejected = new java.util.HashSet<>(EngineLimits.KERNEL.keySet());
        rejected.addAll(EngineLimits.USERSPACE.keySet());
        // one line per engine for each rejected keyword
        assertThat(ConfigParser.rejected()).hasSize(2 * rejected.size()).anyMatch(l -> l.startsWith("port ") && l.contains("kernel engine: it binds"))
                .anyMatch(l -> l.startsWith("socket_mem ") && l.contains("kernel engine:"))
                .anyMatch(l -> l.contains("user-space engine: it sizes DPDK's hugepage memory; the user-space engine"))
                .anyMatch(l -> l.contains("user-space engine: accepted"));
    }

    @Test
    void theUserspaceKeywordsTakeDperfsValuesAndDefaults() {
        UserspaceOptions d = parse(VX).userspace();
        assertThat(d).isEqualTo(UserspaceOptions.DEFAULTS);
        assertThat(d.tcpRst()).isTrue();
        assertThat(d.mtu()).isEqualTo(1500);
        assertThat(d.sendWindow()).isEqualTo(4);
        assertThat(parse(VX + "tcp_rst 0\n").userspace().tcpRst()).isFalse();
        assertThat(parse(VX + "tcp_rst 1\n").userspace().tcpRst()).isTrue();
        assertThat(parse(VX + "vlan 4094\n").userspace().vlan()).isEqualTo(4094);
        assertThat(parse(VX + "jumbo\n").userspace().mtu()).isEqualTo(9710);
        assertThat(parse(VX + "jumbo 9000\n").userspace().mtu()).isEqualTo(9000);
        assertThat(parse(VX + "jumbo\n").userspace().mssMax(false)).isEqualTo(9670);
        assertThat(parse(VX + "jumbo\n").userspace().mssMax(true)).isEqualTo(9650);
        // with jumbo frames a payload up to the jumbo MSS fits in one segment, and so does an MSS up to it
        assertThat(parse(VX + "jumbo\npayload_size 9670\n").payloadSize()).isEqualTo(9670);
        assertThat(parse(VX + "jumbo\nmss 9670\n").mss()).isEqualTo(9670);
        assertThat(parse(VX + "disable_ack\n").userspace().disableAck()).isTrue();
        assertThat(parse(VX + "disable_ack\n").userspace().neighIgnore()).isFalse();
        assertThat(parse(US_SERVER + "neigh_ignore\n").userspace().neighIgnore()).isTrue();
        assertThat(parse(VX + "fast_close\n").fastClose()).isTrue();
    }

    /** A user-space server, for lines to be added to. */
    private static final String US_SERVER = "mode server\nengine userspace\nport veth0 10.0.0.1 10.0.0.2\nserver 10.0.0.1 1\nclient 10.1.0.1 2\n";

    @Test
    void aUserspaceServersResponseMayBeLongerThanASegmentAndGoesInItsSendWindow() throws IOException {
        LoadConfig c = parse(US_SERVER + "payload_size 1m\nsend_window 16\n");
        assertThat(c.payloadSize()).isEqualTo(1_000_000);
        assertThat(c.httpPayload()).isTrue(); // its Content-Length says where it ends
        assertThat(c.userspace().sendWindow()).isEqualTo(16);
        assertThat(parse(US_SERVER + "payload_size 100000\n").userspace().sendWindow()).isEqualTo(4);
        // a window for responses of one segment changes nothing, and says so
        assertThat(ConfigParser.parse(Path.of("t.conf"), US_SERVER + "send_window 8\n").warnings()).anyMatch(w -> w.contains("'send_window' has no effect"));
        // a response file longer than a segment has no Content-Length to end it by
        Files.write(dir.resolve("big.bin"), new byte[5000]);
        BadInputException e = assertThrows(BadInputException.class, () -> ConfigParser.parse(dir.resolve("s.conf"), US_SERVER + "payload_file big.bin\n"));
        assertThat(e.location()).isEqualTo("line 6");
        assertThat(e.problem()).contains("longer than one 1460-byte segment");
        assertThat(e.hint()).contains("payload_size 5000");
    }

    @Test
    void changeDipIsTheFloodsDestinationPool() {
        LoadConfig c = parse(CLIENT + "protocol udp\nflood\nchange_dip 10.0.0.250 3 4\n");
        DipPool p = c.changeDip().orElseThrow();
        assertThat(p.count()).isEqualTo(4);
        // the step carries into the next byte
        assertThat(p.get(0).getHostAddress()).isEqualTo("10.0.0.250");
        assertThat(p.get(1).getHostAddress()).isEqualTo("10.0.0.253");
        assertThat(p.get(2).getHostAddress()).isEqualTo("10.0.1.0");
        assertThat(p.last().getHostAddress()).isEqualTo("10.0.1.3");
        DipPool v6 = parse("mode client\nserver fd00::1 1\ncps 10\nprotocol udp\nflood\nchange_dip fd00::ffff 1 2\n").changeDip().orElseThrow();
        assertThat(v6.last().getHostAddress()).isEqualTo("fd00:0:0:0:0:0:1:0");
        assertThat(parse(CLIENT).changeDip()).isEmpty();
    }

    @Test
    void aMissingFileIsAnEnvironmentErrorAndNotUtf8IsBadInput() throws IOException {
        assertThatThrownBy(() -> ConfigParser.parse(dir.resolve("none.conf"))).isInstanceOf(EnvironmentException.class)
                .hasMessageContaining("does not exist");
        Path binary = dir.resolve("bin.conf");
        Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
        assertThatThrownBy(() -> ConfigParser.parse(binary)).isInstanceOf(BadInputException.class)
                .hasMessage(binary + ": line 1 (byte offset 0): byte 0xff is not UTF-8: the configuration file must be UTF-8 text");
    }
}
