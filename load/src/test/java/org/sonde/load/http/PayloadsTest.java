package org.sonde.load.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.sonde.load.config.ConfigParser;
import org.sonde.load.config.LoadConfig;

class PayloadsTest {
    private static LoadConfig client(String lines) {
        return ConfigParser.parse(Path.of("t.conf"), "mode client\nserver 127.0.0.1 1\ncps 1\n" + lines).config();
    }

    @Property(tries = 300)
    void paddedRequestsAndResponsesHaveExactlyThePayloadSize(@ForAll @IntRange(min = 85, max = 20_000) int size) {
        assertThat(Payloads.request(client("payload_size " + size + "\n"), 1)).hasSize(size);
        assertThat(Payloads.request(client("payload_size " + size + "\nhttp_method POST\n"), 1)).hasSize(size);
        byte[] response = Payloads.httpResponse(size, false, false, 1);
        assertThat(response).hasSize(size);
        assertThat(Payloads.httpResponse(size, true, true, 1)).hasSize(size);
        // and a parser finds exactly one whole response in them
        HttpResponseParser p = new HttpResponseParser();
        assertThat(p.parse(ByteBuffer.wrap(response), 0, response.length)).isEqualTo(size);
        assertThat(p.status()).isEqualTo(200);
    }

    @Test
    void rawPayloadsAreFillerEndingInANewline() {
        byte[] b = Payloads.request(client("payload_size 20\n"), 1);
        assertThat(new String(b, StandardCharsets.US_ASCII)).isEqualTo("a".repeat(19) + "\n");
        byte[] r = Payloads.request(client("payload_size 20\npayload_random\n"), 7);
        assertThat(r).hasSize(20);
        assertThat(new String(r, 0, 19, StandardCharsets.US_ASCII)).matches("[a-z]{19}");
        assertThat(Payloads.request(client("payload_size 20\npayload_random\n"), 7)).isEqualTo(r); // the seed decides
    }

    @Test
    void aPlainRequestNamesHostAndPathAndClosesWithoutKeepalive() {
        String cps = new String(Payloads.request(client("http_host example.org\nhttp_path /a\n"), 1), StandardCharsets.US_ASCII);
        assertThat(cps).startsWith("GET /a HTTP/1.1\r\n").contains("Host: example.org\r\n").contains("Connection: close\r\n").endsWith("\r\n\r\n");
        String ka = new String(Payloads.request(client("keepalive 1ms\n"), 1), StandardCharsets.US_ASCII);
        assertThat(ka).doesNotContain("Connection: close");
    }

    @Test
    void theDefaultResponseHasA14ByteBody() {
        String r = new String(Payloads.httpResponse(0, false, false, 1), StandardCharsets.US_ASCII);
        assertThat(r).startsWith("HTTP/1.1 200 OK\r\n").contains("Content-Length: 14\r\n").endsWith("\r\n\r\n" + Payloads.DEFAULT_BODY);
        assertThat(Payloads.DEFAULT_BODY).hasSize(14);
    }
}
