package org.sonde.load.engine;

/** dperf's timeline: wait, slow start, the measured duration, then a drain of at most 4 s. */
public enum Phase {
    WAIT("wait"), SLOW_START("slow_start"), DURATION("duration"), DRAIN("drain");

    private final String word;

    Phase(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }
}
