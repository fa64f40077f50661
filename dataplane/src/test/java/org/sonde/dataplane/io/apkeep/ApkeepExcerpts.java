package org.sonde.dataplane.io.apkeep;

import java.util.Map;
import java.util.TreeMap;

/**
 * A small APKeep snapshot cut from the Stanford files (goza_rtr and gozb_rtr, their te2/3 link
 * through three chained ACLs), with one port-range line borrowed from coza_rtr's outACL.
 */
final class ApkeepExcerpts {
    private ApkeepExcerpts() {}

    static final String TOPOLOGY = """
            goza_rtr te2/3 goza_rtr_157_te2/3_out inport
            goza_rtr_157_te2/3_out permit goza_rtr_100_te2/3_out inport
            goza_rtr_100_te2/3_out permit gozb_rtr_100_te2/3_in inport
            gozb_rtr_100_te2/3_in permit gozb_rtr te2/3
            gozb_rtr te2/3 goza_rtr te2/3
            goza_rtr gi4/16 goza_rtr_100_gi4/16_out inport
            """;

    static final String VLANS = """
            goza_rtr vlan10 te2/3 te2/4 te3/3
            gozb_rtr vlan10 te2/3 te2/4 te3/3
            goza_rtr vlan1 te2/3 te3/3
            """;

    static final String UPDATES = """
            + fwd goza_rtr 0 8 self 8
            + fwd goza_rtr 171921408 20 te2/3 20
            + fwd goza_rtr 171855872 20 vlan10 20
            + fwd goza_rtr 172744448 24 te2/4 24
            + fwd goza_rtr 0 0 te2/3 0
            + fwd gozb_rtr 0 0 te2/3 0
            + acl goza_rtr_157 access-list 157 deny 0 255 200.87.13.14 null null null any null null null 65535
            + acl goza_rtr_157 access-list 157 deny 6 6 any null null null any null 137 139 65532
            + acl goza_rtr_157 access-list 157 permit 0 255 any null null null any null null null 65530
            + acl goza_rtr_100 access-list 100 permit 0 255 172.17.0.0 0.0.255.255 null null 172.27.16.32 0.0.0.31 null null 65535
            + acl goza_rtr_100 access-list 100 deny 0 255 172.17.0.0 0.0.255.255 null null any null null null 65534
            + acl goza_rtr_100 access-list 100 permit 0 255 any null null null any null null null 65533
            + acl gozb_rtr_100 access-list 100 permit 0 255 172.17.0.0 0.0.255.255 null null 172.27.16.32 0.0.0.31 null null 65535
            + acl gozb_rtr_100 access-list 100 deny 0 255 172.17.0.0 0.0.255.255 null null any null null null 65534
            + acl gozb_rtr_100 access-list 100 permit 0 255 any null null null any null null null 65533
            - fwd goza_rtr 0 0 te2/3 0
            - acl goza_rtr_157 access-list 157 deny 0 255 200.87.13.14 null null null any null null null 65535
            """;

    static final String GOZA_157 = """
            access-list 157 deny 0 255 200.87.13.14 null null null any null null null -1 65535
            access-list 157 deny 6 6 any null null null any null 137 139 -1 65532
            access-list 157 permit 0 255 any null null null any null null null -1 65530
            """;

    static final String ACL_100 = """
            access-list 100 permit 0 255 172.17.0.0 0.0.255.255 null null 172.27.16.32 0.0.0.31 null null -1 65535
            access-list 100 deny 0 255 172.17.0.0 0.0.255.255 null null any null null null -1 65534
            access-list 100 permit 0 255 any null null null any null null null -1 65533
            """;

    static final String GOZA_USAGE = """
            te2/3 out 100 157
            gi4/16 out 100
            """;

    static final String GOZB_USAGE = """
            te2/3 in 100
            """;

    static Map<String, String> acls() {
        Map<String, String> m = new TreeMap<>();
        m.put("goza_rtr_157", GOZA_157);
        m.put("goza_rtr_100", ACL_100);
        m.put("gozb_rtr_100", ACL_100);
        m.put("goza_rtr_usage", GOZA_USAGE);
        m.put("gozb_rtr_usage", GOZB_USAGE);
        return m;
    }

    static StanfordApkeepImport.Import parse() {
        return StanfordApkeepImport.parse(TOPOLOGY, VLANS, UPDATES, acls());
    }
}
