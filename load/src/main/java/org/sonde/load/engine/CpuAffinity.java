package org.sonde.load.engine;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Pins the calling thread to one CPU with Linux's {@code sched_setaffinity} through the FFM API,
 * as dperf pins one worker per {@code cpu}. Java has no affinity API of its own.
 */
public final class CpuAffinity {
    private static final int SET_BYTES = 128; // cpu_set_t: 1024 bits
    private static final MethodHandle SCHED_SETAFFINITY = find();

    private CpuAffinity() {}

    private static MethodHandle find() {
        try {
            Linker linker = Linker.nativeLinker();
            return linker.defaultLookup().find("sched_setaffinity").map(addr -> linker.downcallHandle(addr,
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS)))
                    .orElse(null);
        } catch (RuntimeException | Error e) {
            return null; // not Linux or native access refused: workers stay unpinned
        }
    }

    /**
     * CPUs the machine has (not the ones this process may use: under taskset the JVM sees fewer),
     * from /sys/devices/system/cpu/present, e.g. "0-1".
     */
    static int presentCpus() {
        try {
            String present = java.nio.file.Files.readString(java.nio.file.Path.of("/sys/devices/system/cpu/present")).strip();
            int max = 0;
            for (String part : present.split(",")) {
                String[] ends = part.split("-");
                max = Math.max(max, Integer.parseInt(ends[ends.length - 1]));
            }
            return max + 1;
        } catch (java.io.IOException | RuntimeException e) {
            return Runtime.getRuntime().availableProcessors();
        }
    }

    /** Whether pinning is available here. */
    static boolean available() {
        return SCHED_SETAFFINITY != null;
    }

    /** Pins the current thread to {@code cpu}; false if the kernel refused (e.g. no such CPU). */
    public static boolean pinCurrentThread(int cpu) {
        if (SCHED_SETAFFINITY == null || cpu < 0 || cpu >= SET_BYTES * 8) return false;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment set = arena.allocate(SET_BYTES);
            set.set(ValueLayout.JAVA_BYTE, cpu / 8, (byte) (1 << (cpu % 8)));
            return (int) SCHED_SETAFFINITY.invokeExact(0, (long) SET_BYTES, set) == 0;
        } catch (Throwable e) {
            return false;
        }
    }
}
