package org.sonde.dataplane.io.cisco;

import java.util.Map;
import java.util.TreeMap;

/** Small excerpts in the shape of the Stanford Cisco files (real lines, trimmed), shared by the Cisco parsers' tests and the Stanford backbone import's. */
public final class CiscoExcerpts {
    private CiscoExcerpts() {}

    public static final String CONFIG = """
            !
            version 12.2
            service timestamps debug datetime msec
            hostname goza_rtr
            banner motd ^C
            Authorized use only
            ^C
            logging buffered 16384
            snmp-server community public RO
            !
            interface TenGigabitEthernet2/1
             description to bbra
             switchport
             switchport trunk encapsulation dot1q
             switchport trunk allowed vlan 2,10
             switchport trunk allowed vlan add 20-21
             switchport mode trunk
             mtu 9216
            !
            interface GigabitEthernet4/4
             switchport
             switchport access vlan 20
             switchport mode access
             spanning-tree portfast
             ip access-group 101 out
            !
            interface GigabitEthernet4/5
             no ip address
             shutdown
            !
            interface GigabitEthernet4/6
             no ip address
            !
            interface GigabitEthernet4/6.17
             encapsulation dot1Q 17
             ip address 10.1.17.1 255.255.255.0
             ip access-group inACL in
            !
            interface Vlan20
             ip address 172.20.20.1 255.255.255.0
             ip access-group 5 in
             ip policy route-map pbr
             standby 20 ip 172.20.20.3
            !
            interface Loopback0
             ip address 171.64.1.1 255.255.255.255
            !
            router ospf 32
             log-adjacency-changes
            !
            ip access-list standard ctrGOZ
             permit 10.30.0.0 0.0.255.255
            ip access-list extended inACL
             remark web and replies only
             10 permit tcp any host 171.64.1.10 eq www
             permit tcp any any established
             deny   udp any any range netbios-ns netbios-ss log
            !
            access-list 5 remark servers
            access-list 5 permit 171.64.7.0 0.0.0.255
            access-list 5 deny   host 171.64.7.9
            access-list 5 permit 10.0.0.1
            access-list 101 permit tcp 172.17.0.0 0.0.255.255 host 172.27.16.33 range 137 139
            access-list 101 deny   ip any any
            vlan 20
             name users
            !
            end
            """;

    static final String CEF = """
            Prefix               Next Hop             Interface
            0.0.0.0/0            172.20.20.2          Vlan20
            0.0.0.0/8            drop
            10.0.0.0/8           attached             Null0
            10.1.17.0/24         attached             GigabitEthernet4/6.17
            10.1.18.0/24         10.1.17.9            GigabitEthernet4/6.17
            171.64.1.1/32        receive              Loopback0
            171.64.9.0/24        172.20.20.9          Vlan20
            171.64.10.0/24       172.20.20.5          Vlan20
                                 172.20.20.6          Vlan20
            172.20.20.0/24       attached             Vlan20
            172.20.30.0/24       attached             Vlan30
            224.0.0.0/4          multicast
            255.255.255.255/32   receive              \
            """;

    public static final String ARP = "\0\0\0\0            Protocol  Address          Age (min)  Hardware Addr   Type   Interface\n"
            + """
            Internet  172.20.20.2            12   0014.c240.a576  ARPA   Vlan20
            Internet  172.20.20.9             -   0011.21b3.cb00  ARPA   Vlan20
            Internet  172.20.20.5             3   0016.355b.9064  ARPA   Vlan20
            Internet  172.20.20.7             0   Incomplete      ARPA
            """;

    public static final String MAC = """
              vlan   mac address     type    learn     age              ports
            ------+----------------+--------+-----+----------+--------------------------
            *   20  0014.c240.a576   dynamic  Yes         65   Te2/1
            *   20  0011.21b3.cb00    static  No           -   Router
            *   20  3333.0000.000d    static  Yes          -   Te2/1,
                                                               Gi4/4
            *  ---  0000.0000.0000    static  No           -   Router
            """;

    public static final String STP = """
            VLAN0020
              Spanning tree enabled protocol ieee
              Root ID    Priority    4098
                         Address     0011.21b3.cb00
                         This bridge is the root
                         Hello Time   2 sec  Max Age 20 sec  Forward Delay 15 sec

              Bridge ID  Priority    4098   (priority 4096 sys-id-ext 2)
                         Address     0011.21b3.cb00
                         Hello Time   2 sec  Max Age 20 sec  Forward Delay 15 sec
                         Aging Time 300

            Interface           Role Sts Cost      Prio.Nbr Type
            ------------------- ---- --- --------- -------- --------------------------------
            Te2/1               Desg FWD 2         128.129  P2p
            Gi4/4               Desg FWD 4         128.388  P2p Edge


            VLAN0030
              Spanning tree enabled protocol ieee
            Interface           Role Sts Cost      Prio.Nbr Type
            ------------------- ---- --- --------- -------- --------------------------------
            Te2/1               Altn BLK 2         128.129  P2p
            """;

    /** A second router with only a trunk, so links have two ends; its FIB file is absent. */
    static final String PEER_CONFIG = """
            interface TenGigabitEthernet1/3
             switchport
             switchport mode trunk
            !
            interface Vlan83
             ip address 172.20.83.1 255.255.255.0
            """;

    public static final String TOPOLOGY = """
            # device port device port
            goza_rtr te2/1 bbra_rtr te1/3
            bbra_rtr Te1/3 goza_rtr TenGigabitEthernet2/1
            """;

    /** The excerpt's files by name: goza_rtr complete, bbra_rtr without FIB. */
    public static Map<String, String> files() {
        Map<String, String> f = new TreeMap<>();
        f.put("goza_rtr_config.txt", CONFIG);
        f.put("goza_rtr_route.txt", CEF);
        f.put("goza_rtr_arp_table.txt", ARP);
        f.put("goza_rtr_mac_table.txt", MAC);
        f.put("goza_rtr_spanning_tree.txt", STP);
        f.put("bbra_rtr_config.txt", PEER_CONFIG);
        f.put("bbra_rtr_arp_table.txt", "Protocol  Address          Age (min)  Hardware Addr   Type   Interface\n");
        f.put("bbra_rtr_mac_table.txt", MAC.lines().limit(2).map(l -> l + "\n").reduce("", String::concat));
        f.put("bbra_rtr_spanning_tree.txt", "");
        return f;
    }
}
