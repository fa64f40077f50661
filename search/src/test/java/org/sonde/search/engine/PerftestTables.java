package org.sonde.search.engine;

import java.util.List;
import java.util.Locale;

/**
 * perftest's result table as perftest prints it (src/perftest_parameters.h: RESULT_LINE, RESULT_FMT
 * or RESULT_FMT_G, RESULT_EXT_CPU_UTIL, REPORT_FMT and REPORT_EXT_CPU_UTIL), to build recorded
 * outputs for the parser's and the remote engine's tests.
 */
final class PerftestTables {
    static final String LINE = "---------------------------------------------------------------------------------------";

    private PerftestTables() {}

    static String table(boolean gbits, boolean cpu, List<PerftestOutput.Row> rows) {
        StringBuilder b = new StringBuilder();
        b.append(LINE).append('\n');
        b.append(gbits ? " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]"
                : " #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]");
        b.append(cpu ? "    CPU_Util[%]\n" : "\n");
        for (PerftestOutput.Row r : rows) {
            b.append(String.format(Locale.ROOT, " %-7d    %-10d       %-7.2f            %-7.2f\t\t   %-7.6f", r.bytes(), r.iterations(), r.peak(), r.average(), r.mpps()));
            b.append(cpu ? String.format(Locale.ROOT, "\t    %-3.2f\n", r.cpuUtilPercent()) : "\n");
        }
        b.append(LINE).append('\n');
        return b.toString();
    }

    /** A whole client output: the banner and connection lines perftest prints before the table. */
    static String clientOutput(boolean gbits, List<PerftestOutput.Row> rows) {
        return LINE + "\n                    RDMA_Write BW Test\n Dual-port       : OFF          Device         : mlx5_0\n"
                + " Number of qps   : 1            Transport type : IB\n Connection type : RC           Using SRQ      : OFF\n"
                + " TX depth        : 128\n Mtu             : 1024[B]\n Link type       : Ethernet\n GID index       : 3\n"
                + LINE + "\n local address: LID 0000 QPN 0x0108 PSN 0x3c3b1a RKey 0x1fff00 VAddr 0x007f1c2a3b4000\n"
                + " remote address: LID 0000 QPN 0x0109 PSN 0x6c2b9e RKey 0x1fff01 VAddr 0x007f8d9e0af000\n"
                + table(gbits, false, rows);
    }
}
