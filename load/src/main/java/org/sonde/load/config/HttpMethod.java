package org.sonde.load.config;

/** dperf's {@code http_method}: the two methods its server recognises. */
public enum HttpMethod {
    GET, POST
}
