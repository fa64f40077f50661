package org.sonde.dataplane.model;

/** One ordered entry of an ACL: packets satisfying {@code match} are permitted or denied. */
public record AclEntry(Verdict verdict, Match match) {
    /** What an ACL entry decides. */
    public enum Verdict { PERMIT, DENY }

    public AclEntry {
        Invalid.requireNonNull(verdict, "ACL entry", "verdict");
        Invalid.requireNonNull(match, "ACL entry", "match");
    }
}
