package org.sonde.load.config;

/** dperf's {@code mode}: a client opens connections and sends requests, a server answers them. */
public enum Mode {
    CLIENT, SERVER
}
