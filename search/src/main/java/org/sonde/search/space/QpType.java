package org.sonde.search.space;

/** The RDMA transport of a traffic's queue pairs. */
public enum QpType {
    RC, UC, UD;

    /** Whether this transport can carry {@code op}: UD only SEND, UC no READ (verbs' rules). */
    public boolean allows(Opcode op) {
        return switch (this) {
            case RC -> true;
            case UC -> op != Opcode.READ;
            case UD -> op == Opcode.SEND;
        };
    }
}
