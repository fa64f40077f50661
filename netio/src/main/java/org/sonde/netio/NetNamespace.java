package org.sonde.netio;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Linux network namespaces: entering one from a single thread (setns(2) moves only the calling
 * thread, so a socket opened there lives in that namespace and can then be used from any thread),
 * and running {@code ip} to create and delete namespaces and veth links.
 */
public final class NetNamespace {
    private NetNamespace() {}

    /**
     * Runs {@code body} on the calling thread inside namespace {@code name} (created with
     * {@code ip netns add}), then moves the thread back to where it was, also on failure.
     */
    public static <T> T call(String name, Supplier<T> body) {
        int target = Sys.open("/run/netns/" + name);
        int home;
        try {
            home = Sys.open("/proc/thread-self/ns/net");
        } catch (RuntimeException e) {
            Sys.close(target);
            throw e;
        }
        try {
            Sys.setns(target, "enter network namespace " + name);
            try {
                return body.get();
            } finally {
                Sys.setns(home, "return from network namespace " + name);
            }
        } finally {
            Sys.close(target);
            Sys.close(home);
        }
    }

    /** Runs {@code ip} with the arguments; throws with its message when it fails. */
    public static String ip(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add("ip");
        cmd.addAll(List.of(args));
        return run(cmd);
    }

    /**
     * Runs {@code ip -batch} on these commands (one per line, as after {@code ip}), inside namespace
     * {@code netns} ({@code ip -n}) or, when null, this process's; one process for all of them,
     * stopping at the first that fails, whose message it throws with.
     */
    public static String ipBatch(String netns, List<String> commands) {
        if (commands.isEmpty()) return "";
        Path file;
        try {
            file = Files.createTempFile("sonde-ip-", ".batch");
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the ip batch file: " + e.getMessage(), e);
        }
        try {
            Files.writeString(file, String.join("\n", commands) + "\n");
            List<String> cmd = new ArrayList<>(List.of("ip"));
            if (netns != null) cmd.addAll(List.of("-n", netns));
            cmd.addAll(List.of("-batch", file.toString()));
            return run(cmd);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the ip batch file: " + e.getMessage(), e);
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a temporary file left behind is harmless
            }
        }
    }

    static String run(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", cmd) + ": no answer in 30 s");
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", cmd) + " failed (exit " + p.exitValue() + "): " + out.strip());
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + cmd.getFirst() + " (is iproute2 installed?): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + String.join(" ", cmd), e);
        }
    }

    /** The interface's MAC address, in namespace {@code netns} (null: this process's namespace). */
    public static byte[] macAddress(String netns, String interfaceName) {
        String out = netns == null ? ip("-o", "link", "show", "dev", interfaceName) : ip("-n", netns, "-o", "link", "show", "dev", interfaceName);
        int at = out.indexOf("link/ether ");
        if (at < 0) throw new IllegalStateException("interface " + interfaceName + " has no Ethernet address: " + out.strip());
        return parseMac(out.substring(at + "link/ether ".length(), at + "link/ether ".length() + 17));
    }

    /** "aa:bb:cc:dd:ee:ff" to six bytes. */
    public static byte[] parseMac(String s) {
        String[] parts = s.split(":");
        if (parts.length != 6) throw new IllegalArgumentException("'" + s + "' is not a MAC address (expected aa:bb:cc:dd:ee:ff)");
        byte[] mac = new byte[6];
        for (int i = 0; i < 6; i++) {
            try {
                mac[i] = (byte) Integer.parseInt(parts[i], 16);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + s + "' is not a MAC address (expected aa:bb:cc:dd:ee:ff)");
            }
        }
        return mac;
    }

    /** The namespaces {@code ip netns list} shows. */
    public static List<String> list() {
        List<String> names = new ArrayList<>();
        for (String line : ip("netns", "list").split("\n")) {
            String name = line.strip().split(" ")[0];
            if (!name.isEmpty()) names.add(name);
        }
        return names;
    }
}
