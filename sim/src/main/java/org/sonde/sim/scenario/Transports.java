package org.sonde.sim.scenario;

import java.util.LinkedHashMap;
import java.util.Map;

/** The transports a scenario's {@code transports:} section may name. */
public final class Transports {
    private Transports() {
    }

    public static Map<String, TransportFactory> builtIn() {
        Map<String, TransportFactory> m = new LinkedHashMap<>();
        return m;
    }
}
