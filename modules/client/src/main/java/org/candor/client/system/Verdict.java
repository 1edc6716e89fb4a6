package org.candor.client.system;

/** What a check found: the feature works, works in part (the sentence says which part), or does not work. */
public enum Verdict {
    AVAILABLE("available"),
    LIMITED("limited"),
    UNAVAILABLE("unavailable");

    private final String word;

    Verdict(String word) {
        this.word = word;
    }

    /** The word the CLI prints and the app shows: available, limited, unavailable. */
    public String word() { return word; }

    @Override public String toString() { return word; }
}
