package org.sonde.load.lb;

import java.util.Arrays;
import org.sonde.core.UsageException;

/** How the balancer picks a backend for a new connection: nftables' {@code numgen} mode. */
public enum Balance {
    /** {@code numgen random mod N}: kube-proxy's choice. */
    RANDOM("random"),
    /** {@code numgen inc mod N}: round robin, each backend in turn. */
    ROUND_ROBIN("inc");

    private final String numgen;

    Balance(String numgen) {
        this.numgen = numgen;
    }

    /** The numgen mode's word in nft's syntax. */
    public String numgen() {
        return numgen;
    }

    /** The option's word ({@code random}, {@code round-robin}). */
    public String word() {
        return name().toLowerCase().replace('_', '-');
    }

    /** The value of option {@code --balance}, by its word. */
    public static Balance of(String word) {
        for (Balance v : values()) if (v.word().equals(word)) return v;
        throw new UsageException("--balance " + word + ": expected one of " + Arrays.stream(values()).map(Balance::word).toList(), null);
    }
}
