package org.sonde.search.space;

/** A mutation's step: to a neighbouring value of the dimension, or a jump anywhere in its domain. */
public enum Move {
    NEIGHBOUR, JUMP
}
