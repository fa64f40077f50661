package org.sonde.inject.study;

import java.util.List;

/**
 * §6.3's adaptive retransmission experiment on one profile: the timeouts before each retransmission
 * of the repeatedly dropped packet, as the latency analyzer measured them.
 *
 * @param completed whether the message completed after the drops
 */
public record TimeoutScheduleRun(String profile, boolean adaptive, List<Long> timeoutsNanos, boolean completed) {
    public TimeoutScheduleRun {
        timeoutsNanos = List.copyOf(timeoutsNanos);
    }
}
