package org.sonde.dataplane.io.hassel;

import java.util.Map;

/** Small hassel inputs in the shape of the Stanford and Internet2 files, for parser tests. */
final class HasselExcerpts {
    private HasselExcerpts() {}

    static final String STANFORD_PORT_MAP = """
            $bbra_rtr
            te7/3:100001
            te1/3:100015
            $goza_rtr
            te2/1:700009
            """;

    static final String BBRA_TF = """
            8$bbra_rtr$3$0$0$
            #
            fwd$[100001, 100015]$10000000000011000000000000000010$None$None$None$None$[100015]$#$#2#$Stanford_backbone/bbra_rtr_route.txt$148,$bbra_rtr_1$
            fwd$[100001]$1010101101000000000000000110xxxx$None$None$None$None$[]$#$#2#$Stanford_backbone/bbra_rtr_route.txt$1068,1069,$bbra_rtr_2$
            fwd$[100001]$xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx$None$None$None$None$[100015]$#0;10000000000011000000000000000010;[100001]#1;1010101101000000000000000110xxxx;[100001]#$#$Stanford_backbone/bbra_rtr_route.txt$$bbra_rtr_3$
            """;

    static final String STANFORD_TOPOLOGY_TF = """
            8$$2$0$0$
            #
            link$[100015]$None$None$None$None$None$[700009]$#$#$$$_1$
            link$[700009]$None$None$None$None$None$[100015]$#$#$$$_2$
            """;

    static Map<String, String> stanfordTfs() {
        return Map.of("bbra_rtr.tf", BBRA_TF, "topology.tf", STANFORD_TOPOLOGY_TF);
    }

    static final String I2_PORT_MAP = """
            $atla
            xe-0/0/0:100001
            $chic
            xe-1/0/0:200001
            """;

    static final String ATLA_TF = """
            12$atla$2$0$0$
            #
            fwd$[100001]$0000000000001011xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx$None$None$None$None$[100000]$#$#$$$atla_1$
            rw$[100000]$xxxxxxxxxxxxxxxx01000000001110010001000001000000$000000000000000011111111111111111111111111111111$000000000000101100000000000000000000000000000000$000000000000101101000000001110010001000001000000$xxxxxxxxxxxxxxxx00000000000000000000000000000000$[120001]$#$#$Internet2/data/atla-show_route_forwarding-table_table_default.xml$866,$atla_2$
            """;

    static final String I2_TOPOLOGY_TF = """
            12$link$1$0$0$
            #
            link$[120001]$None$None$None$None$None$[200001]$#$#$$$link_1$
            """;

    static Map<String, String> i2Tfs() {
        return Map.of("atla.tf", ATLA_TF, "topology.tf", I2_TOPOLOGY_TF);
    }
}
