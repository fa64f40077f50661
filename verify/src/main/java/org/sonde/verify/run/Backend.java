package org.sonde.verify.run;

import java.util.Set;
import org.sonde.verify.check.Check;
import org.sonde.verify.snapshot.Snapshot;

/** Runs Libra's map, shuffle and reduce over a snapshot: in this process, or on Spark. */
public interface Backend {
    String name();

    VerificationResult verify(Snapshot snapshot, Set<Check> checks, VerifyProgress progress);
}
