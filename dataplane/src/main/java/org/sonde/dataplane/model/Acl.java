package org.sonde.dataplane.model;

import java.util.List;

/** An access list: the first entry a packet satisfies decides; none means deny. */
public record Acl(String id, List<AclEntry> entries) {
    /** What follows the last entry of every ACL. */
    public static final AclEntry IMPLICIT_DENY = new AclEntry(AclEntry.Verdict.DENY, Match.ANY);

    public Acl {
        Invalid.requireId(id, "ACL");
        entries = List.copyOf(Invalid.requireNonNull(entries, "ACL " + id, "entries"));
    }

    /**
     * The entries followed by the implicit final deny, entry n+1 of n: numbered like the others,
     * it can be covered, tested with expected-absent packets and faulted as routers show it
     * ("implicit deny").
     */
    public List<AclEntry> entriesWithImplicitDeny() {
        List<AclEntry> out = new java.util.ArrayList<>(entries.size() + 1);
        out.addAll(entries);
        out.add(IMPLICIT_DENY);
        return List.copyOf(out);
    }
}
