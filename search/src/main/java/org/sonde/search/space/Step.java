package org.sonde.search.space;

/** A mutated point and the dimension the mutation changed (a second step on the same dimension stops a repeated move). */
public interface Step<P> {
    P point();

    Object dimension();
}
