package org.sonde.probe.localize;

/** The localisation algorithms, NetSonar's and the baselines run on the same observations. */
public enum Method {
    /** Sherlock-style maximum-likelihood failure sets over the probes' verdicts (NetSonar's choice, §3.6). */
    SHERLOCK("sherlock"),
    /** Boolean tomography: links on good paths are cleared, a greedy cover of the bad paths by the rest. */
    TOMOGRAPHY("tomography"),
    /** 007's voting: each bad probe gives 1/(path length) to every link of its path. */
    VOTING("007"),
    /** NetBouncer-style: per-link success rates fitted to the paths' success rates, ranked by estimated loss. */
    NETBOUNCER("netbouncer");

    private final String word;

    Method(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    public static Method of(String word) {
        for (Method m : values()) if (m.word.equals(word)) return m;
        throw new IllegalArgumentException("unknown method '" + word + "'; expected sherlock, tomography, 007 or netbouncer");
    }
}
