package org.sonde.load.stats;

/**
 * The counters every worker keeps, named as dperf prints them. {@link #error} marks those dperf
 * prints in red and Sonde turns into a non-zero exit status.
 */
public enum Counter {
    SK_OPEN("skOpen", false),
    SK_CLOSE("skClose", false),
    SK_ERR("skErr", true),
    /**
     * The causes of a TCP client's skErr, each failed connection counted in one (what an L4 load
     * balancer's developer asks first: were connections dropped, refused, reset, or left hanging?).
     * Not error counters themselves: skErr already counts them. skLost: the handshake never
     * completed, no answer to any SYN (dropped on the way, e.g. by a full session table), also a
     * handshake still unanswered when the drain ends.
     */
    SK_LOST("skLost", false),
    /** skErr's cause: the SYN was answered with a reset or an ICMP unreachable (nothing listens, or a device rejects). */
    SK_REFUSED("skRefused", false),
    /** skErr's cause: a reset after the handshake (the peer or a middle box forgot the connection). */
    SK_RESET("skReset", false),
    /**
     * skErr's cause: established, but no response within the limit (or still none when the drain ended); on a
     * server, a connection closed by its idle timeout (keepalive's interval plus 4 retransmit timeouts).
     */
    SK_TIMEOUT("skTimeout", false),
    /** skErr's cause: the server closed before its response was complete (on a server: the client, in the middle of a request). */
    SK_EOF("skEof", false),
    HTTP_GET("httpGet", false),
    HTTP_POST("httpPost", false),
    HTTP_2XX("http2XX", false),
    HTTP_ERR("httpErr", true),
    TCP_REQ("tcpReq", false),
    TCP_RSP("tcpRsp", false),
    /** Datagrams sent, resends included. */
    UDP_TX("udpTx", false),
    /** Datagrams received. */
    UDP_RX("udpRx", false),
    /** Client: a request resent after a retransmit_timeout without its response (dperf: packet loss). */
    UDP_RT("udpRt", true),
    /**
     * Datagrams received and dropped: on a client, a response to no outstanding request (a late
     * answer to a resent one); on a server, a source outside the configured client ranges.
     */
    UDP_DROP("udpDrop", true),
    /** Datagrams or frames the kernel refused to send (its send buffer full): dperf's TX queue overflow. */
    DROP_TX("dropTx", true),
    /** User-space engine: frames received and sent on the packet socket. */
    PKT_RX("pktRx", false),
    PKT_TX("pktTx", false),
    /** User-space engine: ARP frames, and over IPv6 neighbour solicitations and advertisements (IPv6's ARP). */
    ARP_RX("arpRx", false),
    ARP_TX("arpTx", false),
    /**
     * User-space engine with 'kni': frames the kernel sent out of the TAP interface, which the engine sent on (kniRx), and frames
     * that belonged to no connection or listener, handed to the kernel through the TAP (kniTx).
     */
    KNI_RX("kniRx", false),
    KNI_TX("kniTx", false),
    /** User-space engine: retransmitted SYNs (client) or SYN-ACKs (server), requests, and FINs: packet loss. */
    SYN_RT("synRt", true),
    PUSH_RT("pushRt", true),
    FIN_RT("finRt", true),
    /** User-space engine: resets received. */
    RST_RX("rstRx", true),
    /**
     * User-space engine: resets sent, answering segments for no socket (none with 'tcp_rst 0'), and a client's closes with
     * 'fast_close' (dperf's rstTx). Not an error counter in Sonde: tcpDrop already counts the stray segments, and a
     * fast_close run is no failure.
     */
    RST_TX("rstTx", false),
    /**
     * User-space engine: segments sent that carry nothing but an acknowledgement (no data, SYN, FIN or RST): what
     * 'disable_ack' suppresses.
     */
    ACK_TX("ackTx", false),
    /** User-space engine: frames the kernel dropped because the packet socket's receive ring was full (dperf: the NIC's imissed). */
    IMISSED("imissed", true),
    /**
     * User-space engine with several workers: TCP frames the kernel's fanout brought to a worker
     * that does not own their connection (dropped: zero when the fanout and the workers agree).
     */
    WRONG_WORKER("wrongWorker", true),
    /**
     * Server: connections from sources outside the configured client ranges, refused. User-space
     * engine: TCP segments for no socket, or out of sequence or state (dperf's tcpDrop).
     */
    TCP_DROP("tcpDrop", true),
    BYTES_RX("bytesRx", false),
    BYTES_TX("bytesTx", false),
    /** Sum and count of connect times (SYN to SYN-ACK, as the kernel reports the handshake done): dperf's rtt. */
    RTT_SUM_NANOS("rttSumNanos", false),
    RTT_COUNT("rttCount", false),
    /**
     * Launches the open-loop schedule called for but that could not happen (no free source port
     * or file descriptor): dperf skips such launches silently; Sonde counts them.
     */
    LAUNCH_SKIPPED("launchSkipped", false);

    private final String dperfName;
    private final boolean error;

    Counter(String dperfName, boolean error) {
        this.dperfName = dperfName;
        this.error = error;
    }

    public String dperfName() {
        return dperfName;
    }

    public boolean error() {
        return error;
    }

    /** skErr's causes on TCP, in display order. */
    public static java.util.List<Counter> failureCauses() {
        return java.util.List.of(SK_LOST, SK_REFUSED, SK_RESET, SK_TIMEOUT, SK_EOF);
    }
}
