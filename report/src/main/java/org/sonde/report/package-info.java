/**
 * Self-contained HTML reports for every Sonde capability: one file with inline CSS and inline SVG
 * charts that opens offline, shows everything without JavaScript, prints cleanly and embeds the
 * machine-readable result.
 *
 * <pre>{@code
 * HtmlReport report = HtmlReport.titled("Capture inspection").subtitle("trace.pcap")
 *         .meta("command", "sonde pcap inspect trace.pcap").meta("seed", 42);
 * report.section("Summary").verdict(Verdict.OK, "No malformed packets in `trace.pcap`.");
 * report.section("Protocols")
 *         .table(Table.of("protocol", "packets", "bytes").row("RoCEv2", 1200, 1.5e6))
 *         .chart(CdfChart.titled("Flow completion time").xAxis("time (ms)").logX().samples("all", fctMillis));
 * report.attachJson(result);
 * report.writeTo(Path.of("inspect.html"));
 * }</pre>
 *
 * <p>Output is deterministic: the same inputs render to the same bytes. Charts lay themselves out
 * without font metrics (text widths are estimated), choose 1-2-5 ticks ({@link org.sonde.report.Ticks}),
 * colour series with the colour-blind-safe Okabe–Ito palette ({@link org.sonde.report.Palette}),
 * skip values their axes cannot show and thin long series ({@link org.sonde.report.Downsample}),
 * saying so in notes under the chart.
 */
package org.sonde.report;
