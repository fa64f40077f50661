package org.sonde.inject.analyze;

/**
 * Why a check failed, pinned to the packet that showed it: the QP (index in the test's QP order;
 * -1 for none), the packet's mirror sequence number and PSN (both -1 for a failure found at the end
 * of the trace), and what was expected instead.
 */
public record Reason(int qp, long sequence, int psn, String what) {
    /** The reason as a user reads it, naming the QP as the test does ({@code firstQpNumber}: 0 or 1). */
    public String text(int firstQpNumber) {
        String where = sequence < 0 ? "at end of trace" : "packet " + sequence + " PSN " + psn;
        return (qp < 0 ? "" : "QP " + (qp + firstQpNumber) + ", ") + where + ": " + what;
    }

    @Override
    public String toString() {
        return text(0);
    }
}
