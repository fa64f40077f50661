package org.sonde.search.space;

/** A mutated point, with the dimension and traffic (and request element, or -1) that were changed. */
public record Mutation(Point point, Dimension dimension, int traffic, int element, Move move) implements Step<Point> {
}
