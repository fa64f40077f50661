package org.sonde.search.space;

/**
 * How many traffics a point has and where the second one runs: one way (A to B), bidirectional
 * (A to B and B to A) or with loopback (B to A and A to A, so that host A's NIC receives remote
 * and loopback traffic at once).
 */
public enum Mode {
    ONE_WAY(1), BIDIRECTIONAL(2), LOOPBACK(2);

    private final int traffics;

    Mode(int traffics) {
        this.traffics = traffics;
    }

    public int traffics() {
        return traffics;
    }
}
