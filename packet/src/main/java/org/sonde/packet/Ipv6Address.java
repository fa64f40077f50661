package org.sonde.packet;

/**
 * An IPv6 address as two longs (network order: {@code high} holds the first 8 bytes). Prints in the
 * RFC 5952 canonical form: lower case, leading zeros dropped, the longest run of two or more zero
 * groups (the first one on a tie) shortened to {@code ::}.
 */
public record Ipv6Address(long high, long low) {
    public static final int LENGTH = 16;

    public static Ipv6Address read(byte[] b, int off) {
        return new Ipv6Address(Bytes.i64(b, off), Bytes.i64(b, off + 8));
    }

    public void write(byte[] b, int off) {
        Bytes.put64(b, off, high);
        Bytes.put64(b, off + 8, low);
    }

    /** Parses RFC 4291 text: eight groups, {@code ::} for zero groups, an optional trailing dotted quad. */
    public static Ipv6Address parse(String text) {
        String s = text.trim();
        int[] groups = new int[8];
        int dbl = s.indexOf("::");
        if (dbl >= 0 && s.indexOf("::", dbl + 1) >= 0) throw bad(text, "more than one '::'");
        String head = dbl >= 0 ? s.substring(0, dbl) : s;
        String tail = dbl >= 0 ? s.substring(dbl + 2) : "";
        int[] h = groups(head, text, dbl < 0);
        int[] t = dbl >= 0 ? groups(tail, text, true) : new int[0];
        if (dbl < 0 && h.length != 8) throw bad(text, "needs 8 groups, has " + h.length);
        if (dbl >= 0 && h.length + t.length > 7) throw bad(text, "too many groups around '::'");
        System.arraycopy(h, 0, groups, 0, h.length);
        System.arraycopy(t, 0, groups, 8 - t.length, t.length);
        long hi = 0;
        long lo = 0;
        for (int i = 0; i < 4; i++) hi = hi << 16 | groups[i];
        for (int i = 4; i < 8; i++) lo = lo << 16 | groups[i];
        return new Ipv6Address(hi, lo);
    }

    private static int[] groups(String part, String text, boolean mayEndWithIpv4) {
        if (part.isEmpty()) return new int[0];
        String[] parts = part.split(":", -1);
        int n = parts.length;
        boolean v4 = mayEndWithIpv4 && parts[n - 1].contains(".");
        int[] out = new int[v4 ? n + 1 : n];
        for (int i = 0; i < (v4 ? n - 1 : n); i++) {
            String p = parts[i];
            if (p.isEmpty() || p.length() > 4 || !isHex(p)) throw bad(text, "bad group '" + p + "'");
            out[i] = Integer.parseInt(p, 16);
        }
        if (v4) {
            int a = Ipv4Address.parse(parts[n - 1]).value();
            out[n - 1] = a >>> 16;
            out[n] = a & 0xFFFF;
        }
        return out;
    }

    static boolean isHex(String s) {
        return s.chars().allMatch(c -> Character.digit(c, 16) >= 0 && c < 128);
    }

    private static IllegalArgumentException bad(String text, String why) {
        return new IllegalArgumentException("not an IPv6 address (" + why + "): " + text);
    }

    /** RFC 5952 text of the 16 bytes at {@code off}. */
    public static String format(byte[] b, int off) {
        int[] g = new int[8];
        for (int i = 0; i < 8; i++) g[i] = Bytes.u16(b, off + 2 * i);
        int bestStart = -1;
        int bestLen = 1;
        for (int i = 0; i < 8; ) {
            if (g[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && g[j] == 0) j++;
            if (j - i > bestLen) {
                bestStart = i;
                bestLen = j - i;
            }
            i = j;
        }
        StringBuilder sb = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                sb.append("::");
                i += bestLen - 1;
                continue;
            }
            if (sb.length() > 0 && sb.charAt(sb.length() - 1) != ':') sb.append(':');
            sb.append(Integer.toHexString(g[i]));
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        byte[] b = new byte[LENGTH];
        write(b, 0);
        return format(b, 0);
    }
}
