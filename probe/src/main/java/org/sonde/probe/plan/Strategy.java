package org.sonde.probe.plan;

/** Which agent pairs probe. */
public enum Strategy {
    /** The diagnosable link cover, MSC-α (§3.3.4). */
    MSC("msc"),
    /** Every ordered pair of agents: Pingmesh's choice, MSC-∞. */
    ALL_PAIRS("all-pairs"),
    /** As many pairs as MSC-α picks, drawn at random: unplanned tomography (§3.6.2). */
    RANDOM_PAIRS("random-pairs");

    private final String word;

    Strategy(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    public static Strategy of(String word) {
        for (Strategy s : values()) if (s.word.equals(word)) return s;
        throw new IllegalArgumentException("unknown strategy '" + word + "'; expected msc, all-pairs or random-pairs");
    }
}
