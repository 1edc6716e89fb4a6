package org.candor.client.system;

import java.util.Objects;

/**
 * One thing Candor needs from the machine or a target, as a row: what (name), the verdict, one plain sentence that
 * says why, and what to do about it (empty when there is nothing to do). The CLI prints {@link #line()}; the app shows
 * the four fields.
 */
public record Check(String name, Verdict verdict, String sentence, String remedy) {

    public Check {
        Objects.requireNonNull(name);
        Objects.requireNonNull(verdict);
        Objects.requireNonNull(sentence);
        Objects.requireNonNull(remedy);
    }

    static Check available(String name, String sentence) {
        return new Check(name, Verdict.AVAILABLE, sentence, "");
    }

    static Check limited(String name, String sentence, String remedy) {
        return new Check(name, Verdict.LIMITED, sentence, remedy);
    }

    static Check unavailable(String name, String sentence, String remedy) {
        return new Check(name, Verdict.UNAVAILABLE, sentence, remedy);
    }

    /** {@code name: verdict: sentence (remedy)}, e.g. "hardware counters: unavailable: this machine has no PMU ...". */
    public String line() {
        return name + ": " + verdict.word() + ": " + sentence + (remedy.isEmpty() ? "" : " (" + remedy + ")");
    }
}
