package org.sonde.inject.analyze;

/**
 * Why a check failed, pinned to the packet that showed it: the QP (index in the test's QP order),
 * the packet's mirror sequence number and PSN (both -1 for a failure found at the end of the trace),
 * and what was expected instead.
 */
public record Reason(int qp, long sequence, int psn, String what) {
    @Override
    public String toString() {
        String where = sequence < 0 ? "at end of trace" : "packet " + sequence + " PSN " + psn;
        return "QP " + qp + ", " + where + ": " + what;
    }
}
