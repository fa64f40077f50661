package org.sonde.dataplane.model;

import java.util.Optional;

/**
 * Names one ACL entry as an element of a path's history, beside rule and link ids: ATPG tests
 * "every forwarding rule, ACL rule and link", so an entry that lets a packet through (or, for
 * drop tests, stops it) is exercised like a rule. The id is {@code acl:<aclId>#<index>} with the
 * 1-based position of the entry in its ACL, e.g. {@code acl:goza_rtr_100#2} or
 * {@code acl:goza_rtr:5@vlan20#3}. No importer gives a rule or link an id starting with
 * {@code acl:} (hassel: {@code <file>.tf#<n>}, APKeep: {@code updates#<line>} and
 * {@code topo.txt#<line>}, Cisco: {@code <router>_route.txt#<line>} and {@code <topology file>#<line>}),
 * and {@link Network} rejects such rule and link ids, so the two kinds of ids never collide.
 *
 * @param aclId the ACL's id (may itself hold {@code :} or {@code #}; the index follows the last {@code #})
 * @param index 1-based position of the entry in the ACL
 */
public record AclEntryRef(String aclId, int index) {
    /** What every ACL entry id starts with, and no rule or link id may. */
    public static final String PREFIX = "acl:";

    public AclEntryRef {
        Invalid.requireId(aclId, "ACL entry reference");
        if (index < 1) throw Invalid.at("ACL entry reference " + aclId, "entry index " + index + " is not positive (entries count from 1)");
    }

    /** The element id, {@code acl:<aclId>#<index>}. */
    public String id() {
        return PREFIX + aclId + "#" + index;
    }

    /** Whether {@code elementId} names an ACL entry rather than a rule or link. */
    public static boolean isAclEntry(String elementId) {
        return elementId.startsWith(PREFIX);
    }

    /** The entry {@code elementId} names, or empty if it is not of the form {@code acl:<aclId>#<index>}. */
    public static Optional<AclEntryRef> parse(String elementId) {
        if (!isAclEntry(elementId)) return Optional.empty();
        int hash = elementId.lastIndexOf('#');
        if (hash <= PREFIX.length() || hash == elementId.length() - 1) return Optional.empty();
        String digits = elementId.substring(hash + 1);
        if (!digits.chars().allMatch(Character::isDigit) || digits.length() > 9) return Optional.empty();
        int index = Integer.parseInt(digits);
        return index < 1 ? Optional.empty() : Optional.of(new AclEntryRef(elementId.substring(PREFIX.length(), hash), index));
    }
}
