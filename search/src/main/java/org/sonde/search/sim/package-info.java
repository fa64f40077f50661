/**
 * The simulated RDMA subsystem, the embedded target: {@link org.sonde.search.sim.Profile}s as YAML
 * data (bundled: f-like, h-like, clean) whose {@link org.sonde.search.sim.Mechanism}s exhaust named
 * resources in the regions of the paper's Table 2 and appendix, with noisy counters, a simulated
 * clock of 20-60 s per experiment and hidden ground-truth mechanism ids for evaluation. Models of
 * the paper's published observations, not of any vendor's hardware.
 */
package org.sonde.search.sim;
