package org.sonde.inject.testbed;

import java.nio.file.Path;
import java.util.List;
import org.sonde.inject.analyze.Analysis;
import org.sonde.inject.model.IntegrityResult;
import org.sonde.inject.model.RunCounters;
import org.sonde.inject.model.TestMetadata;
import org.sonde.inject.translate.InjectionPlan;

/**
 * What an injection test run produced.
 *
 * @param trace           the reconstructed trace (ts = switch ingress timestamp)
 * @param dumperCaptures  each dumper's capture
 * @param metadata        the QPs as they were at run time
 * @param plan            the match-action entries the injector ran with
 * @param counters        switch counters and the NICs' counter deltas
 * @param integrity       whether the trace is complete
 * @param traffic         what the traffic generator achieved
 * @param heldAtEnd       packets a reorder event still held when the run ended (never delivered)
 * @param analysis        the analyzers' verdicts on the trace
 */
public record InjectionResult(Path trace, List<Path> dumperCaptures, TestMetadata metadata, InjectionPlan plan, RunCounters counters,
                              IntegrityResult integrity, GeneratorReport traffic, int heldAtEnd,
                              Analysis analysis) {
    public InjectionResult {
        dumperCaptures = List.copyOf(dumperCaptures);
    }
}
