package org.sonde.replay.linux;

import java.util.List;

/**
 * Compares a connection's replayed header sequence with its captured one, per direction: identity of
 * {@code seq ack flags len} (PSH aside) packet by packet, PSH and the window field counted apart, send-time errors over the packets before
 * the first divergence, and that divergence with its cause.
 */
final class HeaderComparison {
    private HeaderComparison() {}

    /** Each direction's first divergence and its send-time errors (added to {@code errors}). */
    static ConnectionAgreement compare(RecordedConnection c, List<HeaderRow> capturedFromClient, List<HeaderRow> replayedFromClient,
                                       List<HeaderRow> capturedFromServer, List<HeaderRow> replayedFromServer, List<String> refusedCalls,
                                       List<Long> errors) {
        int before = errors.size();
        int[] differs = new int[2];
        Divergence a = direction(c, "client->server", capturedFromClient, replayedFromClient, errors, differs);
        Divergence b = direction(c, "server->client", capturedFromServer, replayedFromServer, errors, differs);
        return new ConnectionAgreement(c.id(), c.name(), c.drops().size(), capturedFromClient.size(), replayedFromClient.size(), capturedFromServer.size(),
                replayedFromServer.size(), a == null, b == null, errors.size() - before, differs[0], differs[1], a, b, refusedCalls);
    }

    private static Divergence direction(RecordedConnection c, String dir, List<HeaderRow> cap, List<HeaderRow> rep, List<Long> errors, int[] differs) {
        int n = Math.min(cap.size(), rep.size());
        for (int i = 0; i < n; i++) {
            HeaderRow k = cap.get(i), m = rep.get(i);
            if (!k.sameSegment(m)) {
                return new Divergence(c.id(), dir, i, k.timeNanos(), k.firstDifference(m), k.toString(), m.toString(), cause(cap, rep, i, k.firstDifference(m)),
                        kernel(c, k.timeNanos() + c.connectNanos()));
            }
            if ((k.flags() & HeaderRow.PSH) != (m.flags() & HeaderRow.PSH)) differs[0]++;
            if (k.window() != m.window()) differs[1]++;
            errors.add(Math.abs(k.timeNanos() - m.timeNanos()));
        }
        if (cap.size() == rep.size()) return null;
        boolean missing = cap.size() > rep.size();
        HeaderRow k = missing ? cap.get(n) : null, m = missing ? null : rep.get(n);
        long at = (missing ? k : m).timeNanos();
        return new Divergence(c.id(), dir, n, at, missing ? "missing" : "extra", missing ? k.toString() : null, missing ? null : m.toString(),
                missing ? (retransmission(cap, n) ? "kernel retransmitted, the model did not" : "kernel sent more")
                        : (retransmission(rep, n) ? "model retransmitted, the kernel did not" : "model sent more"),
                kernel(c, at + c.connectNanos()));
    }

    /** The class of model behaviour a first difference at {@code i} points to. */
    static String cause(List<HeaderRow> cap, List<HeaderRow> rep, int i, String field) {
        boolean kr = retransmission(cap, i), mr = retransmission(rep, i);
        if (kr && !mr) return "kernel retransmitted, the model did not";
        if (mr && !kr) return "model retransmitted, the kernel did not";
        HeaderRow k = cap.get(i), m = rep.get(i);
        if (field.equals("ack") && k.payloadBytes() == 0 && m.payloadBytes() == 0) {
            return k.ack() < m.ack() ? "the kernel acknowledged less at once (an ACK the model delayed or merged)"
                    : "the model acknowledged less at once (an ACK the kernel delayed or merged)";
        }
        if (field.equals("ack")) return "piggybacked a different acknowledgement";
        if (field.equals("len") || (field.equals("seq") && k.payloadBytes() != m.payloadBytes())) return "segment sizes differ";
        if (field.equals("flags")) return "flags differ (" + HeaderRow.flagNames((k.flags() ^ m.flags()) & ~HeaderRow.PSH) + ")";
        if (k.payloadBytes() == 0 && m.payloadBytes() == 0) return "pure ACKs differ";
        return "sent different data";
    }

    /** Whether packet {@code i} resends sequence space an earlier packet of the list already covered. */
    static boolean retransmission(List<HeaderRow> rows, int i) {
        HeaderRow r = rows.get(i);
        int len = r.payloadBytes() + ((r.flags() & 0x03) != 0 ? 1 : 0);
        if (len == 0) return false;
        long high = -1;
        for (int j = 0; j < i; j++) {
            HeaderRow p = rows.get(j);
            int l = p.payloadBytes() + ((p.flags() & 0x03) != 0 ? 1 : 0);
            if (l > 0) high = Math.max(high, p.seq() + l);
        }
        return r.seq() < high;
    }

    /** What the kernel's recorder shows up to {@code monotonicNanos}: the last congestion state per side and retransmissions. */
    private static String kernel(RecordedConnection c, long monotonicNanos) {
        String clientState = "Open", serverState = "Open";
        int retrans = 0;
        for (KernelEvent e : c.kernelEvents()) {
            if (e.timeNanos() > monotonicNanos) break;
            if (e.what().equals("retransmission")) retrans++;
            else if (e.client()) clientState = e.what().substring("congestion state ".length());
            else serverState = e.what().substring("congestion state ".length());
        }
        return "client " + clientState + ", server " + serverState + ", " + retrans + " retransmissions so far";
    }
}
