package org.sonde.search.engine;

import java.util.ArrayList;
import java.util.List;
import org.sonde.core.BadInputException;

/**
 * The result table a perftest bandwidth test prints (linux-rdma/perftest,
 * {@code src/perftest_parameters.h}: the header {@code RESULT_FMT}
 * " #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]", or
 * {@code RESULT_FMT_G} with {@code [Gb/sec]} under {@code --report_gbits}, optionally followed by
 * {@code RESULT_EXT_CPU_UTIL} "CPU_Util[%]" under {@code --cpu_util}; each row {@code REPORT_FMT}:
 * bytes, iterations, peak, average, message rate, and the CPU utilisation when its column is there),
 * between lines of dashes, after the test's banner and connection lines, which are skipped.
 * MB/sec are MiB per second (the man page: "in Gbit/sec (instead of MiB/sec)"), Gb/sec 10^9 bits.
 *
 * <p>Anything else is refused with the line and what was expected there, never read as zero.
 */
record PerftestOutput(boolean gbits, boolean cpuUtil, List<Row> rows) {
    private static final String HINT = "give the standard output of a perftest bandwidth test (ib_write_bw, ib_read_bw, ib_send_bw)";

    public PerftestOutput {
        rows = List.copyOf(rows);
        if (rows.isEmpty()) throw new IllegalArgumentException("a result table has at least one row");
    }

    /**
     * One row: message size, iterations, peak and average bandwidth in the table's unit, message
     * rate in Mpps, and the CPU utilisation in percent (null without its column).
     */
    public record Row(long bytes, long iterations, double peak, double average, double mpps, Double cpuUtilPercent) {}

    /** The last row's average bandwidth in bits per second (the row a single-size run prints). */
    double averageBitsPerSec() {
        return toBits(rows.get(rows.size() - 1).average());
    }

    /** The last row's message rate in messages per second. */
    double messagesPerSec() {
        return rows.get(rows.size() - 1).mpps() * 1e6;
    }

    double toBits(double v) {
        return gbits ? v * 1e9 : v * 1048576.0 * 8;
    }

    static PerftestOutput parse(String text, String source) {
        String[] lines = text.split("\r?\n", -1);
        int header = -1;
        for (int i = 0; i < lines.length && header < 0; i++) if (lines[i].strip().startsWith("#bytes")) header = i;
        if (header < 0) {
            throw new BadInputException(source, "", "no result table: expected a header line \" #bytes     #iterations    BW peak[MB/sec] ...\"", HINT, null);
        }
        String h = lines[header].strip().replaceAll("\\s+", " ");
        boolean gbits;
        if (h.startsWith("#bytes #iterations BW peak[MB/sec] BW average[MB/sec] MsgRate[Mpps]")) gbits = false;
        else if (h.startsWith("#bytes #iterations BW peak[Gb/sec] BW average[Gb/sec] MsgRate[Mpps]")) gbits = true;
        else {
            throw new BadInputException(source, "line " + (header + 1), "expected the bandwidth table's header \"#bytes #iterations BW peak[MB/sec] BW average[MB/sec] "
                    + "MsgRate[Mpps]\" (or [Gb/sec]), got \"" + clip(lines[header]) + "\"", HINT, null);
        }
        String rest = h.substring("#bytes #iterations BW peak[MB/sec] BW average[MB/sec] MsgRate[Mpps]".length()).strip();
        boolean cpu;
        if (rest.isEmpty()) cpu = false;
        else if (rest.equals("CPU_Util[%]")) cpu = true;
        else throw new BadInputException(source, "line " + (header + 1), "unexpected columns after MsgRate[Mpps]: \"" + clip(rest) + "\" (only CPU_Util[%] is known)", HINT, null);
        int columns = cpu ? 6 : 5;
        List<Row> rows = new ArrayList<>();
        for (int i = header + 1; i < lines.length; i++) {
            String l = lines[i].strip();
            if (l.isEmpty() || l.chars().allMatch(c -> c == '-')) {
                if (!rows.isEmpty()) break;
                if (l.isEmpty()) continue;
                break;
            }
            String[] f = l.split("\\s+");
            String at = "line " + (i + 1);
            if (f.length != columns) {
                throw new BadInputException(source, at, "expected a result row of " + columns + " numbers (bytes, iterations, peak, average, Mpps"
                        + (cpu ? ", CPU %" : "") + "), got " + f.length + " fields: \"" + clip(l) + "\"", HINT, null);
            }
            rows.add(new Row(count(f[0], "#bytes", source, at), count(f[1], "#iterations", source, at), rate(f[2], "BW peak", source, at),
                    rate(f[3], "BW average", source, at), rate(f[4], "MsgRate", source, at), cpu ? rate(f[5], "CPU_Util", source, at) : null));
        }
        if (rows.isEmpty()) throw new BadInputException(source, "line " + (header + 2), "expected at least one result row under the header", HINT, null);
        return new PerftestOutput(gbits, cpu, rows);
    }

    private static long count(String s, String column, String source, String at) {
        if (s.isEmpty() || s.length() > 18 || !s.chars().allMatch(Character::isDigit)) {
            throw new BadInputException(source, at, column + ": expected a non-negative integer, got \"" + clip(s) + "\"", HINT, null);
        }
        return Long.parseLong(s);
    }

    private static double rate(String s, String column, String source, String at) {
        // printf's %lf: digits, one point, digits; no sign, exponent, inf or nan
        if (!s.matches("\\d{1,15}(\\.\\d{1,9})?")) throw new BadInputException(source, at, column + ": expected a non-negative decimal, got \"" + clip(s) + "\"", HINT, null);
        return Double.parseDouble(s);
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }
}
