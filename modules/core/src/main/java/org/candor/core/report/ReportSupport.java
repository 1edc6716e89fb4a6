package org.candor.core.report;

/** What the report formats share: padding (the column order is core.analysis's {@code ColumnOrder}). */
final class ReportSupport {

    private ReportSupport() {}

    static void padLeft(StringBuilder line, String text, int width) {
        for (int i = text.length(); i < width; i++) line.append(' ');
        line.append(text);
    }

    static void padRight(StringBuilder line, String text, int width) {
        line.append(text);
        for (int i = text.length(); i < width; i++) line.append(' ');
    }
}
