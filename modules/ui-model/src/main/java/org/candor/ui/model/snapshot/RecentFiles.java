package org.candor.ui.model.snapshot;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The snapshots opened or saved last, newest first, each once, at most {@link #MAX}: what File &gt; Open Recent
 * Snapshot lists. Immutable; the app keeps it in its preferences.
 */
public final class RecentFiles {

    public static final int MAX = 10;

    private final List<Path> paths;

    /** From a stored list, newest first: repeats and what is past {@link #MAX} are dropped. */
    public RecentFiles(List<Path> stored) {
        List<Path> kept = new ArrayList<>();
        for (Path p : stored) {
            Path a = p.toAbsolutePath().normalize();
            if (!kept.contains(a) && kept.size() < MAX) kept.add(a);
        }
        this.paths = List.copyOf(kept);
    }

    public List<Path> paths() { return paths; }

    /** The list after {@code file} was opened or saved: it comes first, wherever it was. */
    public RecentFiles with(Path file) {
        List<Path> next = new ArrayList<>();
        next.add(file);
        next.addAll(paths);
        return new RecentFiles(next);
    }

    /** The list without {@code file}. */
    public RecentFiles without(Path file) {
        Path a = file.toAbsolutePath().normalize();
        List<Path> next = new ArrayList<>(paths);
        next.remove(a);
        return new RecentFiles(next);
    }

    /** The files that {@code exists} still finds, and the ones it does not. */
    public Pruned prune(Predicate<Path> exists) {
        List<Path> kept = new ArrayList<>();
        List<Path> missing = new ArrayList<>();
        for (Path p : paths) (exists.test(p) ? kept : missing).add(p);
        return new Pruned(new RecentFiles(kept), List.copyOf(missing));
    }

    /** A list without its missing files, and those files. */
    public record Pruned(RecentFiles kept, List<Path> missing) {

        /** One line on what was removed, or null when nothing was: it names the files. */
        public String message() {
            if (missing.isEmpty()) return null;
            if (missing.size() == 1) return missing.get(0) + " no longer exists; it is off the recent snapshots.";
            List<String> names = new ArrayList<>();
            for (Path p : missing) names.add(p.toString());
            return missing.size() + " recent snapshots no longer exist and are off the list: " + String.join(", ", names) + ".";
        }
    }
}
