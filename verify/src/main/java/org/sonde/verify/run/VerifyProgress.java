package org.sonde.verify.run;

/** Told how far a verification is; may be called from several threads at once. */
@FunctionalInterface
public interface VerifyProgress {
    VerifyProgress NONE = (phase, done, total) -> {};

    void update(String phase, long done, long total);
}
