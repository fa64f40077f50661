package org.sonde.inject.study;

import java.util.List;

/**
 * Fig. 10, one setting on one profile.
 *
 * @param goodputGbps per QP: its bytes over its first packet to its last completion, in Gb/s
 */
public record EtsRun(String profile, EtsSetting setting, long linkBps, List<Double> goodputGbps, GoodputTimeline timeline) {
    public EtsRun {
        goodputGbps = List.copyOf(goodputGbps);
    }
}
