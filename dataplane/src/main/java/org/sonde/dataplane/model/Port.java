package org.sonde.dataplane.model;

/** A port with a network-wide number, on one device, with the device's name for it. */
public record Port(int id, String deviceId, String name) {
    public Port {
        if (id < 0) throw Invalid.at("port " + id, "port number is negative");
        Invalid.requireId(deviceId, "port " + id + " device");
        Invalid.requireId(name, "port " + id + " name");
    }
}
