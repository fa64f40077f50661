package org.sonde.dataplane.model;

import java.util.List;

/** An access list: the first entry a packet satisfies decides; none means deny. */
public record Acl(String id, List<AclEntry> entries) {
    public Acl {
        Invalid.requireId(id, "ACL");
        entries = List.copyOf(Invalid.requireNonNull(entries, "ACL " + id, "entries"));
    }
}
