package org.sonde.search.sim;

import org.sonde.search.space.Point;
import org.sonde.search.space.Traffic;

/** The workload quantities a mechanism's thresholds are written in (Table 2's columns). */
enum Metric {
    QPS("qps"), TOTAL_QPS("total-qps"), BATCH("batch"), SEND_DEPTH("send-depth"), RECV_DEPTH("recv-depth"), RECV_BATCH("recv-batch"),
    MAX_SGES("max-sges"), MAX_REQUEST("max-request"), MIN_REQUEST("min-request"), MAX_MRS("max-mrs");

    private final String key;

    Metric(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public static Metric byKey(String k) {
        for (Metric m : values()) if (m.key.equals(k)) return m;
        return null;
    }

    public double of(Point p, Traffic t) {
        return switch (this) {
            case QPS -> t.qps();
            case TOTAL_QPS -> p.totalQps();
            case BATCH -> t.batch();
            case SEND_DEPTH -> t.sendDepth();
            case RECV_DEPTH -> t.recvDepth();
            case RECV_BATCH -> t.recvBatch();
            case MAX_SGES -> t.maxSges();
            case MAX_REQUEST -> t.maxRequestBytes();
            case MIN_REQUEST -> t.minRequestBytes();
            case MAX_MRS -> Math.max(t.sender().mrs(), t.receiver().mrs());
        };
    }
}
