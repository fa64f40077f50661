package org.sonde.load.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.SplittableRandom;
import org.sonde.load.config.ConfigParser;
import org.sonde.load.config.HttpMethod;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.config.Protocol;

/**
 * The bytes a test sends, encoded once before it starts (dperf's templates): the client's
 * request and the server's responses. dperf's rules: with {@code payload_size} below 85 bytes,
 * raw filler {@code aaa...\n}; at 85 or more, an HTTP message padded to exactly that size; without
 * a size, a plain HTTP request and a response with a 14-byte body.
 */
public final class Payloads {
    /** The body of dperf-style default responses: 14 bytes. */
    public static final String DEFAULT_BODY = "Hello, dperf!\n";
    /** Raw payload bytes without a payload_size. */
    public static final int DEFAULT_RAW_SIZE = 64;

    private Payloads() {}

    /** The client's request, for every connection and every keepalive round. */
    public static byte[] request(LoadConfig c, long seed) {
        if (c.payloadFile().isPresent()) return read(c);
        if (c.protocol() == Protocol.UDP || !c.httpPayload()) return datagram(c, seed);
        boolean keepalive = c.keepalive().isPresent();
        String head = c.httpMethod().name() + " " + c.httpPath() + " HTTP/1.1\r\n"
                + "Host: " + c.httpHost() + "\r\n"
                // without keepalive each connection carries one request, and the server closes first, as in
                // dperf's CPS mode: TIME_WAIT then stays on the server, not on the client's ports
                + (keepalive ? "" : "Connection: close\r\n");
        int size = c.payloadSize();
        if (c.httpMethod() == HttpMethod.POST) return withBody(head, size, c.payloadRandom(), seed, false);
        String end = "\r\n";
        int pad = size - head.length() - end.length() - "X-Pad: \r\n".length();
        if (size == 0 || pad < 1) return (head + end).getBytes(StandardCharsets.US_ASCII);
        byte[] start = (head + "X-Pad: ").getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[size];
        System.arraycopy(start, 0, all, 0, start.length);
        fill(all, start.length, pad, c.payloadRandom(), seed);
        byte[] tail = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(tail, 0, all, start.length + pad, tail.length);
        return all;
    }

    /**
     * A raw payload: a UDP request or answer, or a TCP payload below 85 bytes: the file's bytes,
     * or payload_size bytes of filler (64 without a size).
     */
    public static byte[] datagram(LoadConfig c, long seed) {
        if (c.payloadFile().isPresent()) return read(c);
        return filler(c.payloadSize() == 0 ? DEFAULT_RAW_SIZE : c.payloadSize(), c.payloadRandom(), seed);
    }

    /**
     * The server's HTTP response: exactly {@code size} bytes when size ≥ 85, else the default
     * 14-byte body. {@code close} adds {@code Connection: close}.
     */
    public static byte[] httpResponse(int size, boolean close, boolean random, long seed) {
        String connection = close ? "Connection: close\r\n" : "Connection: keep-alive\r\n";
        String prefix = "HTTP/1.1 200 OK\r\n" + connection; // short, so 85-byte responses fit
        if (size < ConfigParser.HTTP_DATA_MIN_SIZE) {
            return (prefix + "Content-Length: " + DEFAULT_BODY.length() + "\r\n\r\n" + DEFAULT_BODY).getBytes(StandardCharsets.US_ASCII);
        }
        return withBody(prefix, size, random, seed, true);
    }

    /**
     * {@code head} + Content-Length + a filler body, exactly {@code size} bytes in all when the
     * head leaves room (else the smallest such message). The length field's own digits count
     * toward the size; where no body length fits exactly (a digit boundary), one more space after
     * the colon (optional whitespace in HTTP) makes up the byte.
     */
    static byte[] withBody(String head, int size, boolean random, long seed, boolean newlineEnd) {
        int fixed = head.length() + "Content-Length: \r\n\r\n".length();
        int body = -1;
        String space = " ";
        for (int digits = 1; digits <= 9 && body < 0; digits++) {
            int b = size - fixed - digits;
            if (b >= 0 && Integer.toString(b).length() == digits) body = b;
        }
        if (body < 0) {
            for (int digits = 1; digits <= 9 && body < 0; digits++) {
                int b = size - fixed - digits - 1;
                if (b >= 0 && Integer.toString(b).length() == digits) {
                    body = b;
                    space = "  ";
                }
            }
        }
        if (body < 0) {
            body = 0;
            space = " ";
        }
        byte[] h = (head + "Content-Length:" + space + body + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[h.length + body];
        System.arraycopy(h, 0, all, 0, h.length);
        fill(all, h.length, body, random, seed);
        if (newlineEnd && body > 1) all[all.length - 1] = '\n';
        return all;
    }

    /** The server's reply to a request it cannot parse; it closes afterwards. */
    public static byte[] badRequest() {
        return "HTTP/1.1 400 Bad Request\r\nServer: sonde\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    }

    /** dperf's raw payload: {@code size} filler bytes ending in a newline, which frames it on a stream. */
    public static byte[] filler(int size, boolean random, long seed) {
        byte[] b = new byte[size];
        fill(b, 0, size, random, seed);
        b[size - 1] = '\n';
        return b;
    }

    private static void fill(byte[] b, int from, int n, boolean random, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = from; i < from + n; i++) b[i] = random ? (byte) ('a' + r.nextInt(26)) : (byte) 'a';
    }

    private static byte[] read(LoadConfig c) {
        try {
            return Files.readAllBytes(c.payloadFile().orElseThrow());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
