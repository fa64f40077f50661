package org.sonde.search.space;

/** The verb a traffic's requests use (one per traffic, as in Collie's engine). */
public enum Opcode {
    SEND, WRITE, READ;

    /** Two-sided: the receiver must pre-post receive WQEs. */
    boolean needsReceives() {
        return this == SEND;
    }
}
