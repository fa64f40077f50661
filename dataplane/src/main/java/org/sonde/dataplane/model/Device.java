package org.sonde.dataplane.model;

/** A switch or router, known by a network-wide unique id. */
public record Device(String id) {
    public Device {
        Invalid.requireId(id, "device");
    }
}
