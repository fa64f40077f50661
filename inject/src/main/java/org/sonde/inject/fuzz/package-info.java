/**
 * Lumina's test case generation (paper §4, Algorithm 1): a genetic search over traffic settings and
 * event lists for configs that trigger an anomaly.
 *
 * <ul>
 *   <li>Data model: {@link org.sonde.inject.fuzz.FuzzTarget} (objective, {@link org.sonde.inject.fuzz.SearchSpace},
 *       weights, {@link org.sonde.inject.fuzz.AnomalyRule}; YAML through {@link org.sonde.inject.fuzz.FuzzTargetLoader}),
 *       {@link org.sonde.inject.fuzz.Genome} (config records, validated as a user file),
 *       {@link org.sonde.inject.fuzz.RunOutcome}, {@link org.sonde.inject.fuzz.Score},
 *       {@link org.sonde.inject.fuzz.FuzzIteration}, {@link org.sonde.inject.fuzz.FuzzResult}.</li>
 *   <li>Algorithm: {@link org.sonde.inject.fuzz.Mutator} (random configs, mutation, repair),
 *       {@link org.sonde.inject.fuzz.Pool} (median acceptance), the run-and-measure step, minimisation,
 *       and {@link org.sonde.inject.fuzz.Fuzzer#run}, the entry point.</li>
 * </ul>
 */
package org.sonde.inject.fuzz;
