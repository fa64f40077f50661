package org.sonde.dataplane.model;

/** An ACL applied to the packets entering or leaving one port. */
public record AclBinding(int portId, Direction direction, String aclId) {
    /** Which packets of the port the ACL filters. */
    public enum Direction { IN, OUT }

    public AclBinding {
        Invalid.requireNonNull(direction, "ACL binding on port " + portId, "direction");
        Invalid.requireId(aclId, "ACL binding on port " + portId);
    }
}
