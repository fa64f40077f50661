package org.sonde.search.space;

/** One element of a traffic's request vector: a message of {@code sizeBytes} split over {@code sges} scatter-gather entries. */
public record Request(int sizeBytes, int sges) {
    public Request {
        if (sizeBytes <= 0 || sges <= 0) throw new IllegalArgumentException("request size and SGEs must be positive");
    }
}
