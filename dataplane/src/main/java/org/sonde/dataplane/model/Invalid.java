package org.sonde.dataplane.model;

import org.sonde.core.BadInputException;

/** The one way the model reports a violated invariant, so every message has the same shape. */
final class Invalid {
    static final String SOURCE = "network model";

    private Invalid() {}

    static BadInputException at(String where, String problem) {
        return new BadInputException(SOURCE, where, problem);
    }

    static String requireId(String id, String where) {
        if (id == null || id.isBlank()) throw at(where, "expected a non-empty id");
        return id;
    }

    static <T> T requireNonNull(T value, String where, String what) {
        if (value == null) throw at(where, "missing " + what);
        return value;
    }
}
