package org.candor.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A small command-line reader: {@code --name value}, {@code --name=value}, {@code -o value}, flags, positional
 * arguments, and everything after {@code --} kept verbatim.
 */
final class Args {

    private final String command;
    private final List<String> items;
    private int next;
    private String pendingValue;
    private List<String> rest = List.of();

    Args(String command, List<String> args) {
        this.command = command;
        int dashDash = args.indexOf("--");
        if (dashDash >= 0) {
            this.items = new ArrayList<>(args.subList(0, dashDash));
            this.rest = List.copyOf(args.subList(dashDash + 1, args.size()));
        } else {
            this.items = new ArrayList<>(args);
        }
    }

    boolean hasNext() { return next < items.size(); }

    /** The next option name ({@code --format}), or a positional argument as is. */
    String next() {
        String item = items.get(next++);
        pendingValue = null;
        if (item.startsWith("--") && item.contains("=")) {
            pendingValue = item.substring(item.indexOf('=') + 1);
            return item.substring(0, item.indexOf('='));
        }
        return item;
    }

    static boolean isOption(String item) {
        return item.startsWith("-") && item.length() > 1;
    }

    /** The value of the option just read. */
    String value(String option) throws UsageException {
        if (pendingValue != null) {
            String v = pendingValue;
            pendingValue = null;
            return v;
        }
        if (next >= items.size()) throw new UsageException(command + ": option " + option + " needs a value");
        return items.get(next++);
    }

    int intValue(String option, int min) throws UsageException {
        String v = value(option);
        try {
            int i = Integer.parseInt(v);
            if (i < min) throw new NumberFormatException();
            return i;
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": option " + option + " needs a whole number >= " + min + ", not '" + v + "'");
        }
    }

    double doubleValue(String option) throws UsageException {
        String v = value(option);
        try {
            double d = Double.parseDouble(v);
            if (d < 0 || Double.isNaN(d)) throw new NumberFormatException();
            return d;
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": option " + option + " needs a number >= 0, not '" + v + "'");
        }
    }

    UsageException unknown(String option) {
        return new UsageException(command + ": unknown option '" + option + "' (see 'candor help " + command + "')");
    }

    /** A positional argument this command does not take. */
    UsageException unexpected(String item) {
        return new UsageException(command + ": unexpected '" + item + "'"
                + (command.equals("profile") ? "; put the target command after '--'" : ""));
    }

    /** What followed {@code --}. */
    List<String> rest() { return rest; }
}
