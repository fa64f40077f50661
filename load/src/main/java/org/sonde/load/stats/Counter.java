package org.sonde.load.stats;

/**
 * The counters every worker keeps, named as dperf prints them. {@link #error} marks those dperf
 * prints in red and Sonde turns into a non-zero exit status.
 */
public enum Counter {
    SK_OPEN("skOpen", false),
    SK_CLOSE("skClose", false),
    SK_ERR("skErr", true),
    HTTP_GET("httpGet", false),
    HTTP_POST("httpPost", false),
    HTTP_2XX("http2XX", false),
    HTTP_ERR("httpErr", true),
    TCP_REQ("tcpReq", false),
    TCP_RSP("tcpRsp", false),
    UDP_TX("udpTx", false),
    UDP_RX("udpRx", false),
    UDP_RT("udpRt", true),
    /** Server: connections from sources outside the configured client ranges, refused. */
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
}
