package org.sonde.load.userspace;

/** The TCP states the stop-and-wait stack uses (no TIME_WAIT or CLOSE_WAIT: dperf closes at once). */
final class TcpState {
    private TcpState() {}

    static final int CLOSED = 0;
    static final int SYN_SENT = 1;
    static final int SYN_RCVD = 2;
    static final int ESTABLISHED = 3;
    static final int FIN_WAIT_1 = 4;
    static final int FIN_WAIT_2 = 5;
    static final int LAST_ACK = 6;

    /** Flag bit: a request is outstanding (client) on this socket. */
    static final int AWAITING = 1;
    /** Flag bit: the response coming in did not start with a 2xx status (client, HTTP). */
    static final int BAD_STATUS = 2;
}
