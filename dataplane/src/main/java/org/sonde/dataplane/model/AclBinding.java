package org.sonde.dataplane.model;

/**
 * An ACL applied to the packets entering or leaving one port. A port may have several ACLs in one
 * direction (IOS routers chain them, as Stanford's do): a packet passes only if every one of them
 * permits it, met in the network's binding order.
 */
public record AclBinding(int portId, Direction direction, String aclId) {
    /** Which packets of the port the ACL filters. */
    public enum Direction { IN, OUT }

    public AclBinding {
        Invalid.requireNonNull(direction, "ACL binding on port " + portId, "direction");
        Invalid.requireId(aclId, "ACL binding on port " + portId);
    }
}
