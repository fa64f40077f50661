package org.sonde.dataplane.io.junos;

import java.util.Map;
import java.util.TreeMap;
import org.sonde.dataplane.io.dataset.Internet2JunosImport;

/**
 * Excerpts of the raw Internet2 files (real lines, trimmed; the XML keeps only the elements the
 * importer reads, plus an inet6 family to skip): atla's and wash's forwarding tables, the port
 * map's lines for their interfaces and hous xe-0/0/0, and show_interfaces.xml for those
 * interfaces. hous has no forwarding table here. atla and wash meet over their bundles ae8 (three
 * members each, paired by circuit ids); atla ge-6/0/0 meets hous xe-0/0/0.
 */
public final class JunosExcerpts {
    private JunosExcerpts() {}

    public static final String ATLA = "atla" + Internet2JunosImport.FIB_SUFFIX, WASH = "wash" + Internet2JunosImport.FIB_SUFFIX;

    public static final String FIB_ATLA = """
            <vn> <router name="atla">

            Routing table: default.inet
            Internet:
            Destination        Type RtRef Next hop           Type Index NhRef Netif
            default            perm     1                    rjct    36     3
            0.0.0.0/32         perm     0                    dscd    34     8
            2.22.55.0/24       user     0                    indr 2097177  4263
                                          64.57.28.7         ucst   984   101 ae8.10
            64.57.16.0/20      user     0                    dscd    34     8
            64.57.16.64/28     intf     0                    rslv   812     1 xe-1/0/2.11
            64.57.16.64/32     dest     0 64.57.16.64        recv   810     1 xe-1/0/2.11
            64.57.16.65/32     intf     0 64.57.16.65        locl   811     2
            64.57.16.65/32     dest     0 64.57.16.65        locl   811     2
            64.57.16.66/32     dest     0 0:60:dd:47:a1:df   ucst   938     1 xe-1/0/2.11
            64.57.16.79/32     dest     0 64.57.16.79        bcst   809     1 xe-1/0/2.11
            64.57.16.98/32     dest     0 0.15.c5.f0.43.1b.0.90.69.fd.8e.f2.81.0.0.c.8.0
                                                             ucst   989     1 ge-7/0/0.12
            64.57.28.42/31     intf     0                    rslv   992     1 ge-6/0/0.0
            64.57.28.43/32     dest     0 0:26:88:c8:f0:0    ucst   887    56 ge-6/0/0.0
            64.57.28.58/31     intf     0                    rslv   532     1 ae8.20
            224.0.0.0/4        user     2                    rslv   647     1
            224.0.0.0/4        perm     0                    mdsc    35     2
            224.0.0.1/32       perm     0 224.0.0.1          mcst    31     6
            224.0.1.1.130.155.16.254/64
                               user     0                    indr 2097218     4
                                                             mcrt  1289     1
            255.255.255.255/32 perm     0                    bcst    32     1

            Routing table: default.iso
            ISO:
            Destination        Type RtRef Next hop           Type Index NhRef Netif
            default            perm     0                    rjct    60     1
            49.0000.0000.0000.0001/72
                               intf     0                    locl   517     1

            Routing table: default.inet6
            Internet6:
            Destination        Type RtRef Next hop           Type Index NhRef Netif
            default            perm     0                    rjct    44     5
            ::/128             perm     0                    dscd    42     1
            2001::/32          user     0                    indr 2097216   120
                                          fe80::205:8500:a60:8ff8
                                                             ucst   980    60 ae8.10

            Routing table: default.mpls
            MPLS:
            Destination        Type RtRef Next hop           Type Index NhRef Netif
            default            perm     0                    dscd    50     1
            0                  user     0                    recv    49     3
            299776             user     0                   Pop     999     2 xe-0/1/1.508

            </router>
            </vn>
            """;
    public static final String FIB_WASH = """
            <vn> <router name="wash">

            Routing table: default.inet
            Internet:
            Destination        Type RtRef Next hop           Type Index NhRef Netif
            default            perm     0                    rjct    36     1
            0.0.0.0/32         perm     0                    dscd    34     9
            1.8.1.0/24         user     0                    indr 2097223  2819
                                          64.57.28.6         ucst  1316    97 ae8.10
            64.57.24.88/32     dest     0 0.12.e2.22.6f.e5.0.5.85.60.8e.f2.81.0.0.a.8.0
                                                             ucst  1368     1 ge-7/0/0.10
            64.57.24.101/32    dest     0 64.57.24.101       hold  1386     1 ge-7/0/0.10
            64.57.24.104/30    intf     0                    rslv  1446     1 ae5.1030

            </router>
            </vn>
            """;
    public static final String PORT_MAP = """
            $hous
            xe-0/0/0:300045
            $wash
            xe-1/1/3:900002
            ge-7/0/0:900010
            xe-0/0/3:900028
            xe-0/0/0:900015
            $atla
            ge-7/0/0:100008
            ge-7/0/5:100013
            dsc:100017
            ge-6/0/0:100018
            xe-0/0/3:100020
            xe-1/0/3:100030
            xe-1/0/2:100031
            xe-1/0/1:100032
            """;
    public static final String INTERFACES = """
            <vn xmlns:junos='httpx://xml.juniper.net/junos/5.6R3/junos' xmlns:xnm="http://xml.juniper.net/xnm/1.1/xnm"><router name="wash">
            <interface-information xmlns="http://xml.juniper.net/junos/10.4R9/junos-interface" junos:style="normal">
            <physical-interface>
            <name>xe-0/0/0</name>
            <description>LAG: ae8 BACKBONE: ATLA-WASH 10GE | I2-ATLA-WASH-10GE-06366</description>
            <logical-interface>
            <name>xe-0/0/0.10</name>
            <address-family>
            <address-family-name>aenet</address-family-name>
            <ae-bundle-name>ae8.10</ae-bundle-name>
            </address-family>
            </logical-interface>
            <logical-interface>
            <name>xe-0/0/0.20</name>
            <address-family>
            <address-family-name>aenet</address-family-name>
            <ae-bundle-name>ae8.20</ae-bundle-name>
            </address-family>
            </logical-interface>
            </physical-interface>
            <physical-interface>
            <name>xe-0/0/3</name>
            <description>LAG: ae8 BACKBONE: ATLA-WASH 10GE | I2-ATLA-WASH-10GE-05133</description>
            <logical-interface>
            <name>xe-0/0/3.10</name>
            <address-family>
            <address-family-name>aenet</address-family-name>
            <ae-bundle-name>ae8.10</ae-bundle-name>
            </address-family>
            </logical-interface>
            <logical-interface>
            <name>xe-0/0/3.20</name>
            <address-family>
            <address-family-name>aenet</address-family-name>
            <ae-bundle-name>ae8.20</ae-bundle-name>
            </address-family>
            </logical-interface>
            </physical-interface>
            <physical-interface>
            <name>xe-1/1/3</name>
            <description>LAG: ae8 BACKBONE: ATLA-WASH 10GE | I2-ATLA-WASH-10GE-05251</description>
            <logical-interface>
            <name>xe-1/1/3.10</name>
            <address-family>
            <address-family-name>aenet</address-family-name>
            <ae-bundle-name>ae8.10</ae-bundle-name>
            </address-family>
            </logical-interface>
            <logical-interface>
            <name>xe-1/1/3.20</name>
            <address-family>
            <address-family-name>aenet</address-family-name>
            <ae-bundle-name>ae8.20</ae-bundle-name>
            </address-family>
            </logical-interface>
            </physical-interface>
            <physical-interface>
            <name>ge-7/0/0</name>
            <description>Observatory 1G via lan.wash:C23</description>
            <logical-interface>
            <name>ge-7/0/0.10</name>
            <description>Racklan #1 Default Gateway</description>
            <address-family>
            <address-family-name>inet</address-family-name>
            <interface-address>
            <ifa-destination>64.57.24/24</ifa-destination>
            <ifa-local>64.57.24.254</ifa-local>
            </interface-address>
            </address-family>
            </logical-interface>
            </physical-interface>
            <physical-interface>
            <name>ae8</name>
            <description>BACKBONE: ATLA-WASH LAG | I2-ATLA-WASH-LAG-06161</description>
            <logical-interface>
            <name>ae8.10</name>
            <description>BACKBONE: ATLA-WASH R&amp;E VLAN | I2-ATLA-WASH-VLAN-06162</description>
            <address-family>
            <address-family-name>inet</address-family-name>
            <interface-address>
            <ifa-destination>64.57.28.6/31</ifa-destination>
            <ifa-local>64.57.28.7</ifa-local>
            </interface-address>
            </address-family>
            </logical-interface>
            <logical-interface>
            <name>ae8.20</name>
            <description>BACKBONE: LOSA-SEAT COMMODITY VLAN | I2-ATLA-WASH-VLAN-06163</description>
            <address-family>
            <address-family-name>inet</address-family-name>
            <interface-address>
            <ifa-destination>64.57.28.58/31</ifa-destination>
            <ifa-local>64.57.28.59</ifa-local>
            </interface-address>
            </address-family>
            </logical-interface>
            </physical-interface>
            </interface-information>
            </router>
            <router name="atla">
            <interface-information xmlns="http://xml.juniper.net/junos/10.4R9/junos-interface" junos:style="normal">
            <physical-interface>
            <name>xe-0/0/3</name>
            <description>LAG: ae8 BACKBONE: ATLA-WASH 10GE | I2-ATLA-WASH-10GE-05251</description>
            <logical-interface>
            <name>xe-0/0/3.10</name>
            <address-family>
            <address-family-name>aenet</address-family-name>
            <ae-bundle-name>ae8.10</ae-bundle-name>
            </address-family>
            </logical-interface>
            <logical-interface>
            <name>xe-0/0/3.20</name>
            <address-family>
            <address-family-name>aenet</address-family-name>
            <ae-bundle-name>ae8.20</ae-bundle-name>
            </address-family>
            </logical-interface>
            </physical-interface>
            <physical-interface>
            <name>xe-1/0/1</name>
            <description>LAG: ae8 BACKBONE: ATLA-WASH 10GE | I2-ATLA-WASH-10GE-05133</description>
            <logical-interface>
            <name>xe-1/0/1.10</name>
            <address-family>
            <address-family-name>aenet</address-family-name>
            <ae-bundle-name>ae8.10</ae-bundle-name>
            </address-family>
            </logical-interface>
            <logical-interface>
            <name>xe-1/0/1.20</name>
            <address-family>
            <address-family-name>aenet</address-family-name>
            <ae-bundle-name>ae8.20</ae-bundle-name>
            </address-family>
            </logical-interface>
            </physical-interface>
            <physical-interface>
            <name>xe-1/0/2</name>
            <description>Observatory 10G via lan.atla:B2</description>
            <logical-interface>
            <name>xe-1/0/2.11</name>
            <description>ATLA Observatory vlan</description>
            <address-family>
            <address-family-name>inet</address-family-name>
            <interface-address>
            <ifa-destination>64.57.16.64/28</ifa-destination>
            <ifa-local>64.57.16.65</ifa-local>
            </interface-address>
            </address-family>
            </logical-interface>
            </physical-interface>
            <physical-interface>
            <name>xe-1/0/3</name>
            <description>LAG: ae8 BACKBONE: ATLA-WASH 10GE | I2-ATLA-WASH-10GE-06366</description>
            <logical-interface>
            <name>xe-1/0/3.10</name>
            <address-family>
            <address-family-name>aenet</address-family-name>
            <ae-bundle-name>ae8.10</ae-bundle-name>
            </address-family>
            </logical-interface>
            <logical-interface>
            <name>xe-1/0/3.20</name>
            <address-family>
            <address-family-name>aenet</address-family-name>
            <ae-bundle-name>ae8.20</ae-bundle-name>
            </address-family>
            </logical-interface>
            </physical-interface>
            <physical-interface>
            <name>ge-6/0/0</name>
            <logical-interface>
            <name>ge-6/0/0.0</name>
            <description>BACKBONE: ATLA-HOUS 10GE 2 | I2-ATLA-HOUS-10GE-05423</description>
            <address-family>
            <address-family-name>inet</address-family-name>
            <interface-address>
            <ifa-destination>64.57.28.42/31</ifa-destination>
            <ifa-local>64.57.28.42</ifa-local>
            </interface-address>
            </address-family>
            </logical-interface>
            </physical-interface>
            <physical-interface>
            <name>ge-7/0/0</name>
            <description>1G Observatory via lan.atla.net.internet2.edu:A23</description>
            <logical-interface>
            <name>ge-7/0/0.12</name>
            <description>Observatory 1 Gig</description>
            <address-family>
            <address-family-name>inet</address-family-name>
            <interface-address>
            <ifa-destination>64.57.16.96/28</ifa-destination>
            <ifa-local>64.57.16.97</ifa-local>
            </interface-address>
            </address-family>
            </logical-interface>
            </physical-interface>
            <physical-interface>
            <name>ge-7/0/5</name>
            <description>of.atla, Gi02 via fiber patch I2-ATLA-ATLA-FIBR-6080</description>
            <logical-interface>
            <name>ge-7/0/5.0</name>
            <description>OF LSP BACKBONE: ATLA-WASH | I2-ATLA-WASH-LSP-5983</description>
            <address-family>
            <address-family-name>ccc</address-family-name>
            </address-family>
            </logical-interface>
            </physical-interface>
            <physical-interface>
            <name>ae0</name>
            </physical-interface>
            <physical-interface>
            <name>ae8</name>
            <description>BACKBONE: ATLA-WASH LAG | I2-ATLA-WASH-LAG-06161</description>
            <logical-interface>
            <name>ae8.10</name>
            <description>BACKBONE: ATLA-WASH R&amp;E VLAN | I2-ATLA-WASH-VLAN-06162</description>
            <address-family>
            <address-family-name>inet</address-family-name>
            <interface-address>
            <ifa-destination>64.57.28.6/31</ifa-destination>
            <ifa-local>64.57.28.6</ifa-local>
            </interface-address>
            </address-family>
            <address-family>
            <address-family-name>inet6</address-family-name>
            <interface-address>
            <ifa-destination>2001:468:ff:109::/64</ifa-destination>
            <ifa-local>2001:468:ff:109::1</ifa-local>
            <interface-address>
            </interface-address>
            </interface-address>
            <interface-address>
            <ifa-destination>fe80::/64</ifa-destination>
            <ifa-local>fe80::290:6900:afd:8ff8</ifa-local>
            <interface-address>
            </interface-address>
            </interface-address>
            </address-family>
            </logical-interface>
            <logical-interface>
            <name>ae8.20</name>
            <description>BACKBONE: LOSA-SEAT COMMODITY VLAN | I2-ATLA-WASH-VLAN-06163</description>
            <address-family>
            <address-family-name>inet</address-family-name>
            <interface-address>
            <ifa-destination>64.57.28.58/31</ifa-destination>
            <ifa-local>64.57.28.58</ifa-local>
            </interface-address>
            </address-family>
            <address-family>
            <address-family-name>inet6</address-family-name>
            <interface-address>
            <ifa-destination>2001:468:ff:901::/64</ifa-destination>
            <ifa-local>2001:468:ff:901::1</ifa-local>
            <interface-address>
            </interface-address>
            </interface-address>
            <interface-address>
            <ifa-destination>fe80::/64</ifa-destination>
            <ifa-local>fe80::290:6900:14fd:8ff8</ifa-local>
            <interface-address>
            </interface-address>
            </interface-address>
            </address-family>
            </logical-interface>
            </physical-interface>
            </interface-information>
            </router>
            <router name="hous">
            <interface-information xmlns="http://xml.juniper.net/junos/10.4R9/junos-interface" junos:style="normal">
            <physical-interface>
            <name>xe-0/0/0</name>
            <logical-interface>
            <name>xe-0/0/0.0</name>
            <description>BACKBONE: ATLA-HOUS 10GE 2 | I2-ATLA-HOUS-10GE-05423</description>
            <address-family>
            <address-family-name>inet</address-family-name>
            <interface-address>
            <ifa-destination>64.57.28.42/31</ifa-destination>
            <ifa-local>64.57.28.43</ifa-local>
            </interface-address>
            </address-family>
            </logical-interface>
            </physical-interface>
            </interface-information>
            </router>
            </vn>

            """;

    /** The four files by name, in a map the caller may change. */
    public static Map<String, String> files() {
        Map<String, String> files = new TreeMap<>();
        files.put(ATLA, FIB_ATLA);
        files.put(WASH, FIB_WASH);
        files.put(Internet2JunosImport.PORT_MAP, PORT_MAP);
        files.put(Internet2JunosImport.INTERFACES, INTERFACES);
        return files;
    }
}
