package org.sonde.inject.config;

/**
 * One traffic dumper of the mirror pool (paper §3.4, Figure 4).
 *
 * @param name             names its capture file ({@code NAME.pcap})
 * @param weight           its share in the switch's weighted round robin
 * @param packetsPerSecond how fast it takes packets off its receive ring (0: keeps up with anything)
 * @param ringPackets      receive ring size: a packet that finds it full is lost (the rx_discards_phy
 *                         of a real dumper)
 */
public record DumperSpec(String name, int weight, long packetsPerSecond, int ringPackets) {
    public DumperSpec {
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw new IllegalArgumentException("dumper name '" + name + "' must be letters, digits, '.', '_' or '-'");
        }
        if (weight < 1 || packetsPerSecond < 0 || ringPackets < 1) {
            throw new IllegalArgumentException("dumper " + name + ": weight and ring must be ≥ 1, rate ≥ 0");
        }
    }
}
