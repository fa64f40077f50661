package org.sonde.load.lb;

import java.util.Arrays;
import org.sonde.core.UsageException;

/** What the balancer does with a new connection past its session limit. */
public enum OverLimit {
    /** Drop its packets silently, as a full conntrack table does: the client's SYNs go unanswered. */
    DROP,
    /** Answer its SYN with a reset ({@code reject with tcp reset}): the client is refused at once. */
    RESET;

    public String word() {
        return name().toLowerCase();
    }

    /** The value of option {@code --over-limit}, by its word. */
    public static OverLimit of(String word) {
        for (OverLimit v : values()) if (v.word().equals(word)) return v;
        throw new UsageException("--over-limit " + word + ": expected one of " + Arrays.stream(values()).map(OverLimit::word).toList(), null);
    }
}
