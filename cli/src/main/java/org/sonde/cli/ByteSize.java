package org.sonde.cli;

import picocli.CommandLine;

import java.util.Locale;

/** Option values such as {@code 64K}, {@code 200M}, {@code 1G} (binary multiples; a trailing B is allowed). */
public final class ByteSize implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String text) {
        return parse(text);
    }

    public static long parse(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        if (t.endsWith("B")) t = t.substring(0, t.length() - 1);
        long unit = switch (t.isEmpty() ? ' ' : t.charAt(t.length() - 1)) {
            case 'K' -> 1L << 10;
            case 'M' -> 1L << 20;
            case 'G' -> 1L << 30;
            default -> 1;
        };
        if (unit > 1) t = t.substring(0, t.length() - 1);
        try {
            long n = Long.parseLong(t);
            if (n <= 0) throw new NumberFormatException();
            return Math.multiplyExact(n, unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new CommandLine.TypeConversionException(
                    "'" + text + "' is not a positive size; use e.g. 64K, 200M, 1G");
        }
    }
}
