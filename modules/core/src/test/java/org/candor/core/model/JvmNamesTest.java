package org.candor.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JvmNamesTest {

    @Test
    void aClassSignatureAndItsNameAreEachOthersInverse() {
        assertThat(JvmNames.signature("com.acme.Foo$Bar")).isEqualTo("Lcom/acme/Foo$Bar;");
        assertThat(JvmNames.className("Lcom/acme/Foo$Bar;")).isEqualTo("com.acme.Foo$Bar");
        assertThat(JvmNames.className(JvmNames.signature("com.acme.Foo$Bar"))).isEqualTo("com.acme.Foo$Bar");
    }

    @Test
    void aHiddenClassKeepsTheDotBeforeItsAddressInItsSignatureAndShowsASlashInItsName() {
        String signature = JvmNames.signature("com.acme.Foo$$Lambda.0x0000000800c0b000");
        assertThat(signature).isEqualTo("Lcom/acme/Foo$$Lambda.0x0000000800c0b000;");
        assertThat(JvmNames.className(signature)).isEqualTo("com.acme.Foo$$Lambda/0x0000000800c0b000");
    }

    @Test
    void anArraysNameIsItsSignature() {
        assertThat(JvmNames.signature("[Ljava.lang.String;")).isEqualTo("[Ljava/lang/String;");
        assertThat(JvmNames.signature("[I")).isEqualTo("[I");
    }
}
