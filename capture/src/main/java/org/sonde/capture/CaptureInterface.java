package org.sonde.capture;

import org.sonde.core.UsageException;

/**
 * One capture interface of a pcapng file being written: its name, link type, snap length,
 * timestamp resolution and an optional comment.
 *
 * @param name        interface name ({@code if_name}), or null for none
 * @param linkType    LINKTYPE_* value, see {@link LinkTypes}
 * @param snapLength  packets longer than this are truncated on write; 1..268435456 bytes
 * @param resolution  unit of the stored timestamps ({@code if_tsresol} 6 or 9)
 * @param comment     interface comment ({@code opt_comment}), or null for none
 */
public record CaptureInterface(String name, int linkType, int snapLength, TimestampResolution resolution, String comment) {
    /** The snap length tcpdump uses by default. */
    public static final int DEFAULT_SNAP_LENGTH = 262_144;

    public CaptureInterface {
        checkLinkType(linkType);
        checkSnapLength(snapLength);
        if (resolution == null) throw new UsageException("capture interface " + name + ": timestamp resolution is missing");
    }

    /** Nanosecond timestamps, no comment. */
    public CaptureInterface(String name, int linkType, int snapLength) {
        this(name, linkType, snapLength, TimestampResolution.NANOS, null);
    }

    /** Nanosecond timestamps, default snap length, no comment. */
    public CaptureInterface(String name, int linkType) {
        this(name, linkType, DEFAULT_SNAP_LENGTH);
    }

    static void checkLinkType(int linkType) {
        if (linkType < 0 || linkType > 0xFFFF) {
            throw new UsageException("link type " + linkType + " is outside 0..65535");
        }
    }

    static void checkSnapLength(int snapLength) {
        if (snapLength < 1 || snapLength > Limits.MAX_RECORD_BYTES) {
            throw new UsageException("snap length " + snapLength + " is outside 1.." + Limits.MAX_RECORD_BYTES + " bytes");
        }
    }
}
