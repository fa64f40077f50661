package org.sonde.load.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HttpRequestParserTest {
    record Parsed(HttpRequestParser.Method method, boolean close) {}

    static List<Parsed> parseAll(String text, int piece) {
        byte[] all = text.getBytes(StandardCharsets.ISO_8859_1);
        HttpRequestParser p = new HttpRequestParser();
        List<Parsed> out = new ArrayList<>();
        for (int from = 0; from < all.length; from += piece) {
            int n = Math.min(piece, all.length - from);
            ByteBuffer b = ByteBuffer.wrap(all, from, n).slice();
            int pos = 0;
            while (pos < n) {
                int end = p.parse(b, pos, n);
                if (end == HttpRequestParser.NEED_MORE) break;
                if (end == HttpRequestParser.MALFORMED) {
                    out.add(null);
                    return out;
                }
                out.add(new Parsed(p.method(), p.closeAfter()));
                p.reset();
                pos = end;
            }
        }
        return out;
    }

    @Test
    void pipelinedRequestsSplitAnywhere() {
        String s = "GET / HTTP/1.1\r\nHost: a\r\n\r\n"
                + "POST /p HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello"
                + "\r\nDELETE /x HTTP/1.1\r\n\r\n"
                + "GET / HTTP/1.0\r\n\r\n"
                + "GET / HTTP/1.1\r\nConnection: close\r\n\r\n";
        for (int piece = 1; piece <= s.length(); piece++) {
            assertThat(parseAll(s, piece)).as("pieces of %d", piece).containsExactly(
                    new Parsed(HttpRequestParser.Method.GET, false), new Parsed(HttpRequestParser.Method.POST, false),
                    new Parsed(HttpRequestParser.Method.OTHER, false), new Parsed(HttpRequestParser.Method.GET, true),
                    new Parsed(HttpRequestParser.Method.GET, true));
        }
    }

    @Test
    void aVeryLongTargetIsAccepted() {
        assertThat(parseAll("GET /" + "x".repeat(3000) + " HTTP/1.1\r\n\r\n", 100)).containsExactly(new Parsed(HttpRequestParser.Method.GET, false));
    }

    @Test
    void garbageAndChunkedBodiesAreMalformed() {
        assertThat(parseAll("hello there\r\n\r\n", 4)).containsExactly((Parsed) null);
        assertThat(parseAll("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 4)).containsExactly((Parsed) null);
    }
}
