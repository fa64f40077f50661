package org.sonde.load.lb;

/**
 * The testbed's address plan, the same in every testbed (each lives in its own namespaces):
 * the client side 10.70.0.0/24 (the balancer .1, the client's sources from .2), the virtual
 * address 10.71.0.1 (on no interface: the client routes it to the balancer, which DNATs it),
 * and server i on 10.72.i.0/24 (the balancer .1, the server .2).
 */
final class LbAddresses {
    static final String VIP = "10.71.0.1";
    static final String BALANCER_CLIENT_SIDE = "10.70.0.1";
    /** Source addresses on the client's interface: 16 × the kernel's ephemeral ports per destination. */
    static final int CLIENT_ADDRESSES = 16;

    private LbAddresses() {}

    /** The client's i-th source address (0-based). */
    static String client(int i) {
        return "10.70.0." + (2 + i);
    }

    /** The balancer's end of the link to server {@code server} (1-based). */
    static String balancerServerSide(int server) {
        return "10.72." + server + ".1";
    }

    /** Server {@code server}'s address (1-based). */
    static String server(int server) {
        return "10.72." + server + ".2";
    }
}
