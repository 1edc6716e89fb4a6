package org.candor.cli;

import java.util.List;

/** One sub-command of {@code candor}. */
interface Command {

    String name();

    /** One line for the command list. */
    String summary();

    /** The full help text. */
    String usage();

    /** Runs the command; the result is the process exit code. */
    int run(List<String> args, Console console) throws Exception;
}
