package org.sonde.netio;

/**
 * Where threads run: a thread that forwards packets keeps a CPU to itself, so the softirq work of
 * the packets it lets go, and the hosts' stacks, can be steered elsewhere (receive packet
 * steering, {@link Testbed#steerReceive}). Masks cover the first 64 CPUs.
 */
public final class Cpus {
    private Cpus() {}

    /** The CPUs the calling thread may run on (bit i: CPU i; the first 64), as the process's affinity or cpuset allows. */
    public static long allowed() {
        return Sys.affinity();
    }

    /** Lets the calling thread run on {@code cpu} alone (sched_setaffinity of the thread, not the process). */
    public static void pinCurrentThread(int cpu) {
        if (cpu < 0 || cpu >= 64) throw new IllegalArgumentException("CPU " + cpu + " is not 0..63");
        Sys.setAffinity(1L << cpu);
    }

    /** Lets the calling thread run on the CPUs of {@code mask} (bit i: CPU i) alone. */
    public static void restrictCurrentThread(long mask) {
        if (mask == 0) throw new IllegalArgumentException("an empty CPU mask");
        Sys.setAffinity(mask);
    }
}
