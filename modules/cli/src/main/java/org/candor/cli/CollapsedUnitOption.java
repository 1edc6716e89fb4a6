package org.candor.cli;

import org.candor.client.ClientException;
import org.candor.client.Durations;
import org.candor.core.imports.CollapsedUnit;

/**
 * {@code --collapsed-unit}: what the counts of the collapsed stacks named on the command line are (core's
 * {@link CollapsedUnit}), for the commands that open profiles. Other files ignore it.
 */
final class CollapsedUnitOption {

    static final String NAME = "--collapsed-unit";

    private CollapsedUnitOption() {}

    /** The option's help, its description starting at {@code column}. */
    static String help(int column) {
        String option = "  " + NAME + " U";
        String pad = " ".repeat(column);
        return option + (option.length() < column - 1 ? pad.substring(option.length()) : "\n" + pad)
                + "collapsed stacks' counts: samples (the default, at 10 ms each),\n"
                + pad + "samples:INTERVAL (samples:20ms), or times in " + CollapsedUnit.Time.ids("|") + "\n"
                + pad + "(Candor's collapsed export of times: ns)\n";
    }

    /** {@code samples}, {@code samples:INTERVAL}, or a time unit; anything else one line. */
    static CollapsedUnit parse(String command, String text) throws UsageException {
        if (text.equals("samples")) return CollapsedUnit.SAMPLES;
        if (text.startsWith("samples:")) {
            try {
                return CollapsedUnit.samples(Durations.parseNanos(text.substring("samples:".length())));
            } catch (ClientException e) {
                throw new UsageException(command + ": " + NAME + " samples:INTERVAL: " + e.getMessage());
            }
        }
        CollapsedUnit.Time time = CollapsedUnit.Time.of(text);
        if (time == null) {
            throw new UsageException(command + ": " + NAME + " must be samples, samples:INTERVAL or one of "
                    + CollapsedUnit.Time.ids(", ") + ", not '" + text + "'");
        }
        return CollapsedUnit.of(time);
    }
}
