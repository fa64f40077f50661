package org.sonde.load.engine;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The open-file limit: every connection is a descriptor, so a load test raises its soft limit to
 * the hard one (as {@code ulimit -n $(ulimit -Hn)} would) through {@code setrlimit} via FFM.
 */
final class FileLimit {
    private static final int RLIMIT_NOFILE = 7;
    private static final Linker LINKER = Linker.nativeLinker();

    private FileLimit() {}

    private static MethodHandle handle(String name) {
        return LINKER.defaultLookup().find(name).map(a -> LINKER.downcallHandle(a,
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS))).orElse(null);
    }

    /** Raises the soft limit to the hard limit; returns the soft limit in effect afterwards (-1 if unknown). */
    public static long raiseSoftToHard() {
        try (Arena arena = Arena.ofConfined()) {
            MethodHandle get = handle("getrlimit");
            MethodHandle set = handle("setrlimit");
            if (get == null || set == null) return -1;
            MemorySegment limits = arena.allocate(16);
            if ((int) get.invokeExact(RLIMIT_NOFILE, limits) != 0) return -1;
            long soft = limits.get(ValueLayout.JAVA_LONG, 0);
            long hard = limits.get(ValueLayout.JAVA_LONG, 8);
            if (soft < hard) {
                limits.set(ValueLayout.JAVA_LONG, 0, hard);
                if ((int) set.invokeExact(RLIMIT_NOFILE, limits) == 0) soft = hard;
            }
            return soft;
        } catch (Throwable e) {
            return -1; // native access refused: keep the limit the process has
        }
    }

    /** Descriptors open in this process now (-1 if unknown). */
    public static long openNow() {
        java.io.File[] fds = new java.io.File("/proc/self/fd").listFiles();
        return fds == null ? -1 : fds.length;
    }
}
