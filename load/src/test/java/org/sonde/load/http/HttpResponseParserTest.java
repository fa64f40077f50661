package org.sonde.load.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HttpResponseParserTest {
    /** A parsed response: status, whether the server closes after it. */
    record Parsed(int status, boolean close) {}

    private static final String CHUNKED = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;ext=1\r\nhello\r\nA\r\n0123456789\r\n0\r\nTrailer: x\r\n\r\n";
    private static final String LENGTH = "HTTP/1.1 201 Created\r\nCONTENT-LENGTH: 3\r\nConnection: keep-alive\r\n\r\nabc";
    private static final String CLOSE = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok";
    private static final String NOT_FOUND = "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n";

    /** Feeds {@code text} cut into pieces of {@code piece} bytes; returns the responses it found. */
    static List<Parsed> parseAll(String text, int piece) {
        byte[] all = text.getBytes(StandardCharsets.ISO_8859_1);
        HttpResponseParser p = new HttpResponseParser();
        List<Parsed> out = new ArrayList<>();
        for (int from = 0; from < all.length; from += piece) {
            int n = Math.min(piece, all.length - from);
            ByteBuffer b = ByteBuffer.allocateDirect(n).put(all, from, n).flip();
            int pos = 0;
            while (pos < n) {
                int end = p.parse(b, pos, n);
                if (end == HttpResponseParser.NEED_MORE) break;
                if (end == HttpResponseParser.MALFORMED) {
                    out.add(new Parsed(-1, true));
                    return out;
                }
                out.add(new Parsed(p.status(), p.closeAfter()));
                p.reset();
                pos = end;
            }
        }
        if (p.endOfStream()) out.add(new Parsed(p.status(), true));
        return out;
    }

    @Property(tries = 200)
    void responsesSplitAnywhereParseTheSame(@ForAll @IntRange(min = 1, max = 64) int piece) {
        String stream = CHUNKED + LENGTH + NOT_FOUND + CHUNKED + CLOSE;
        assertThat(parseAll(stream, piece)).containsExactly(new Parsed(200, false), new Parsed(201, false), new Parsed(404, false),
                new Parsed(200, false), new Parsed(200, true));
    }

    @Test
    void aBodyWithoutLengthEndsWithTheConnection() {
        assertThat(parseAll("HTTP/1.0 200 OK\r\nServer: x\r\n\r\nsome body that runs to the end", 5)).containsExactly(new Parsed(200, true));
    }

    @Test
    void http10IsCloseUnlessKeepAlive() {
        assertThat(parseAll("HTTP/1.0 200 OK\r\nContent-Length: 1\r\n\r\nx", 100)).containsExactly(new Parsed(200, true));
        assertThat(parseAll("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 1\r\n\r\nx", 100)).containsExactly(new Parsed(200, false));
    }

    @Test
    void interimResponsesAreSkipped() {
        assertThat(parseAll("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx", 3)).containsExactly(new Parsed(200, false));
    }

    @Test
    void noContentAndNotModifiedHaveNoBody() {
        assertThat(parseAll("HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n", 4))
                .containsExactly(new Parsed(204, false), new Parsed(304, false));
    }

    @Test
    void aLongHeaderLineIsSkippedWithoutKeepingIt() {
        String longCookie = "Set-Cookie: " + "c".repeat(5000) + "\r\n";
        assertThat(parseAll("HTTP/1.1 200 OK\r\n" + longCookie + "Content-Length: 2\r\n\r\nok", 11)).containsExactly(new Parsed(200, false));
    }

    @ParameterizedTest
    @ValueSource(strings = {"SMTP 220 ready\r\n\r\n", "HTTP/2 200\r\n\r\n", "HTTP/1.1 2x0 OK\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: abc\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n"})
    void malformedResponsesAreReported(String text) {
        assertThat(parseAll(text, 3)).containsExactly(new Parsed(-1, true));
    }

    @Test
    void endlessHeadersAreRefused() {
        String endless = "HTTP/1.1 200 OK\r\n" + "X: y\r\n".repeat(20_000);
        assertThat(parseAll(endless, 1000)).containsExactly(new Parsed(-1, true));
    }
}
