package org.candor.agent.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NamePatternTest {

    @Test
    void aPlainNameIsAPackageOrClassWithEverythingBelowIt() {
        NamePattern p = NamePattern.parse("com.acme");
        assertThat(p.matchesClass("com.acme.Foo")).isTrue();
        assertThat(p.matchesClass("com.acme.sub.Bar")).isTrue();
        assertThat(p.matchesClass("com.acmex.Foo")).isFalse();
        NamePattern cls = NamePattern.parse("com.acme.Server");
        assertThat(cls.matchesClass("com.acme.Server")).isTrue();
        assertThat(cls.matchesClass("com.acme.Server$Handler")).isTrue();
        assertThat(cls.matchesClass("com.acme.ServerX")).isFalse();
    }

    @Test
    void tauSlashesAreDots() {
        assertThat(NamePattern.parse("java/lang").matchesClass("java.lang.String")).isTrue();
        assertThat(NamePattern.parse("sun").matchesClass("sun.misc.Unsafe")).isTrue();
    }

    @Test
    void oneStarStaysInASegmentTwoStarsCrossThem() {
        NamePattern one = NamePattern.parse("com.acme.*");
        assertThat(one.matchesClass("com.acme.Foo")).isTrue();
        assertThat(one.matchesClass("com.acme.Foo$Inner")).isTrue();
        assertThat(one.matchesClass("com.acme.sub.Bar")).isFalse();
        NamePattern two = NamePattern.parse("com.acme.**");
        assertThat(two.matchesClass("com.acme.sub.Bar")).isTrue();
        assertThat(two.matchesClass("org.acme.Bar")).isFalse();
    }

    @Test
    void aClassPartWithoutWildcardsNamesTheOneClassWhoseMethodsCanMatch() {
        assertThat(NamePattern.parse("com.acme.Server.handle(*)").namesMethodsOf("com.acme.Server")).isTrue();
        assertThat(NamePattern.parse("com.acme.Server.*").namesMethodsOf("com.acme.Server")).isTrue();
        assertThat(NamePattern.parse("com.acme.Server.handle").namesMethodsOf("com.acme.Server$Inner")).isFalse();
        assertThat(NamePattern.parse("com.acme.*.handle").namesMethodsOf("com.acme.Server")).isFalse();
        assertThat(NamePattern.parse("com.acme.**").namesMethodsOf("com.acme")).isFalse();
    }

    @Test
    void methodPatterns() {
        NamePattern get = NamePattern.parse("com.acme.Cache.get*");
        assertThat(get.matchesClass("com.acme.Cache")).isFalse();
        assertThat(get.mayMatchMethodsOf("com.acme.Cache")).isTrue();
        assertThat(get.matchesMethod("com.acme.Cache", "getOrLoad", "(Ljava/lang/Object;)Ljava/lang/Object;")).isTrue();
        assertThat(get.matchesMethod("com.acme.Cache", "put", "()V")).isFalse();
        assertThat(get.matchesMethod("com.acme.Other", "get", "()V")).isFalse();
    }

    @Test
    void parameterLists() {
        NamePattern any = NamePattern.parse("com.acme.Server.handle(*)");
        assertThat(any.matchesMethod("com.acme.Server", "handle", "(I)V")).isTrue();
        NamePattern none = NamePattern.parse("com.acme.Server.handle()");
        assertThat(none.matchesMethod("com.acme.Server", "handle", "()V")).isTrue();
        assertThat(none.matchesMethod("com.acme.Server", "handle", "(I)V")).isFalse();
        NamePattern typed = NamePattern.parse("com.acme.Server.handle(String, int[])");
        assertThat(typed.matchesMethod("com.acme.Server", "handle", "(Ljava/lang/String;[I)V")).isTrue();
        assertThat(typed.matchesMethod("com.acme.Server", "handle", "(Ljava/lang/String;I)V")).isFalse();
        assertThat(NamePattern.parse("com.acme.Server.handle(java.lang.String, int[])")
                .matchesMethod("com.acme.Server", "handle", "(Ljava/lang/String;[I)V")).isTrue();
    }

    @Test
    void malformedPatternsSayWhat() {
        assertThatThrownBy(() -> NamePattern.parse("")).hasMessage("pattern '' is malformed: it is empty");
        assertThatThrownBy(() -> NamePattern.parse("com..acme"))
                .hasMessage("pattern 'com..acme' is malformed: empty name segment (two dots, or a dot at an end)");
        assertThatThrownBy(() -> NamePattern.parse("com.acme.***")).hasMessageContaining("'***'");
        assertThatThrownBy(() -> NamePattern.parse("com.acme.X.m(int")).hasMessageContaining("'(' without ')'");
        assertThatThrownBy(() -> NamePattern.parse("com acme")).hasMessageContaining("'com acme' is not a Java name");
        assertThatThrownBy(() -> NamePattern.parse("handle(*)")).hasMessageContaining("needs Class.method");
    }
}
