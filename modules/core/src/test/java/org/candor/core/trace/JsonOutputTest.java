package org.candor.core.trace;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JsonOutputTest {

    private interface Writing {
        void to(JsonOutput json) throws IOException;
    }

    private static String written(Writing w) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JsonOutput json = new JsonOutput(bytes);
        w.to(json);
        json.flush();
        return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
    }

    @Test
    void stringsAreEscapedAndValidUtf8() throws Exception {
        assertThat(written(j -> j.string("a\"b\\c\nd\re\tf\u0000g\u001fh\u007fi\u0085j\u2028k\u2029l")))
                .isEqualTo("\"a\\\"b\\\\c\\nd\\re\\tf\\u0000g\\u001fh\\u007fi\\u0085j\\u2028k\\u2029l\"");
        // two, three and four bytes of UTF-8; lone surrogates, high or low, become U+FFFD
        String s = written(j -> j.string("\u00e9\u20ac\ud83d\ude00|\ud83d|\ude00|\ud83dx"));
        assertThat(s).isEqualTo("\"\u00e9\u20ac\ud83d\ude00|\ufffd|\ufffd|\ufffdx\"");
        assertThat(JsonMapper.builder().build().readTree(s.getBytes(StandardCharsets.UTF_8)).asText())
                .isEqualTo("\u00e9\u20ac\ud83d\ude00|\ufffd|\ufffd|\ufffdx");
        assertThat(written(j -> j.string(""))).isEqualTo("\"\"");
    }

    @Test
    void nanosecondsAreMicrosecondsExactly() throws Exception {
        assertThat(written(j -> j.micros(0))).isEqualTo("0");
        assertThat(written(j -> j.micros(1))).isEqualTo("0.001");
        assertThat(written(j -> j.micros(10))).isEqualTo("0.01");
        assertThat(written(j -> j.micros(120))).isEqualTo("0.12");
        assertThat(written(j -> j.micros(1_234_567))).isEqualTo("1234.567");
        assertThat(written(j -> j.micros(1_234_500))).isEqualTo("1234.5");
        assertThat(written(j -> j.micros(1_234_000))).isEqualTo("1234");
        assertThat(written(j -> j.micros(-1L))).isEqualTo("18446744073709551.615"); // a u64
        assertThat(written(j -> j.unsigned(-1L))).isEqualTo("18446744073709551615");
        assertThat(written(j -> j.number(-5))).isEqualTo("-5");
    }

    @Test
    void moreThanTheBufferGoesOutWhole() throws Exception {
        String big = "\u00e9".repeat(100_000);
        assertThat(written(j -> j.string(big))).isEqualTo("\"" + big + "\"");
    }
}
