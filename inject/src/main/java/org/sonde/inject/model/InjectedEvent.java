package org.sonde.inject.model;

/**
 * What the injector did to a packet, as carried in the IPv4 TTL of its mirrored copy (Lumina §3.4:
 * 0 none, 1 drop, 2 ECN mark, 3 bit error). Codes from 4 on are Sonde's events beyond Lumina's.
 */
public enum InjectedEvent {
    NONE(0), DROP(1), ECN(2), CORRUPT(3), DELAY(4), DUPLICATE(5), REORDER(6), REWRITE(7);

    private static final InjectedEvent[] BY_CODE = values();

    /** The TTL value of a mirrored copy that carries this event. */
    public final int ttl;

    InjectedEvent(int ttl) {
        this.ttl = ttl;
    }

    /** Whether the receiver gets the packet intact: a dropped or corrupted packet is not delivered. */
    public boolean delivered() {
        return this != DROP && this != CORRUPT;
    }

    /** The event a mirrored copy's TTL encodes; throws on a TTL no event uses. */
    public static InjectedEvent fromTtl(int ttl) {
        if (ttl < 0 || ttl >= BY_CODE.length) {
            throw new IllegalArgumentException("mirror TTL " + ttl + " encodes no injected event (0.."
                    + (BY_CODE.length - 1) + " are defined)");
        }
        return BY_CODE[ttl];
    }
}
