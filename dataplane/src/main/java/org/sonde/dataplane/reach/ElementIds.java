package org.sonde.dataplane.reach;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.ArrayList;
import java.util.List;
import org.sonde.dataplane.model.Acl;
import org.sonde.dataplane.model.AclEntryRef;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;

/**
 * Dense numbers for the rules, ACL entries and links of a network, so path histories are int
 * arrays: rules in table order first, then ACL entries ({@link AclEntryRef} ids) in ACL order,
 * then links in model order. Path listeners receive histories in these numbers; millions of
 * paths stay cheap to hold.
 */
public final class ElementIds {
    private final List<String> ids = new ArrayList<>();
    private final Object2IntOpenHashMap<String> index = new Object2IntOpenHashMap<>();
    private final int rules;
    private final int ruleLike;

    public ElementIds(Network network) {
        for (RuleTable t : network.tables()) for (Rule r : t.rules()) add(r.id());
        rules = ids.size();
        for (Acl a : network.acls()) for (int i = 1; i <= a.entries().size() + 1; i++) add(new AclEntryRef(a.id(), i).id());
        ruleLike = ids.size();
        for (Link l : network.links()) add(l.id());
        index.defaultReturnValue(-1);
    }

    private void add(String id) {
        index.put(id, ids.size());
        ids.add(id);
    }

    /** How many rules and links there are. */
    public int size() {
        return ids.size();
    }

    /** The rule or link id numbered {@code element}. */
    public String id(int element) {
        return ids.get(element);
    }

    /** Whether {@code element} numbers a link (else a rule or an ACL entry). */
    public boolean isLink(int element) {
        return element >= ruleLike;
    }

    /** Whether {@code element} numbers an ACL entry. */
    public boolean isAclEntry(int element) {
        return element >= rules && element < ruleLike;
    }

    /** The number of a rule or link id, or -1 if the network has none such. */
    public int element(String id) {
        return index.getInt(id);
    }
}
