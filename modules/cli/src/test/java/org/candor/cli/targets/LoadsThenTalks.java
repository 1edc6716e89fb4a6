package org.candor.cli.targets;

/**
 * Loads a class, then says so on stderr, then ends: a warning the agent prints as that class loads comes before
 * "loaded", one it can only print at exit after "done". Its output depends on nothing.
 */
public final class LoadsThenTalks {

    static final class Worker {
        int work(int n) {
            return n * n;
        }
    }

    public static void main(String[] args) {
        int r = new Worker().work(3);
        System.err.println("loaded " + r);
        System.err.println("done");
    }
}
