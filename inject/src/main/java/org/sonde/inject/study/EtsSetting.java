package org.sonde.inject.study;

/** Fig. 10's three settings (paper §6.2.1): two QPs, 20 WRITEs of 1 MB each, DCQCN on. */
public enum EtsSetting {
    /** Two ETS classes of 50 % each, one QP in each. */
    MULTI_QUEUE_VANILLA("multi-queue vanilla", true, false),
    /** As vanilla, and one in 50 of QP0's packets is ECN-marked. */
    MULTI_QUEUE_ECN("multi-queue with ECN", true, true),
    /** Both QPs in one class, one in 50 of QP0's packets ECN-marked. */
    SINGLE_QUEUE_ECN("single queue with ECN", false, true);

    public final String label;
    public final boolean twoClasses;
    public final boolean marksQp0;

    EtsSetting(String label, boolean twoClasses, boolean marksQp0) {
        this.label = label;
        this.twoClasses = twoClasses;
        this.marksQp0 = marksQp0;
    }
}
