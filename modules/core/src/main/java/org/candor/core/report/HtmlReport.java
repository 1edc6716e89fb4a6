package org.candor.core.report;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.candor.core.analysis.CalibrationConstants;
import org.candor.core.snapshot.SnapshotFile;

/**
 * The text report as one self-contained HTML page (no script, nothing fetched): the same lines, each part under a
 * heading of its own and listed at the top, in the text report's order: the profile's header, its calibration (when
 * the snapshot has one), the call trees, the hot spots. The lines are {@link TextReport}'s, escaped on their way out,
 * so that the two reports never tell different things.
 */
final class HtmlReport implements ReportWriter {

    @Override
    public void write(SnapshotFile file, ReportOptions options, OutputStream stream) throws IOException {
        StringBuilder head = new StringBuilder(pageStart("Candor report: " + file.name()));
        head                .append("<nav>").append(link("Profile"));
        // the parts, known before they are written: the calibration where the snapshot has constants
        if (!CalibrationConstants.rows(file.stats()).isEmpty()) head.append(" \u00b7 ").append(link("Calibration"));
        head.append(" \u00b7 ").append(link("Call trees"));
        if (options.hotSpots() > 0) head.append(" \u00b7 ").append(link("Hot spots"));
        head.append("</nav>\n<section><h2 id=\"").append(id("Profile")).append("\">Profile</h2><pre>");
        stream.write(head.toString().getBytes(StandardCharsets.UTF_8));
        TextReport.write(file, options, new Escaping(stream), title -> stream.write(("</pre></section>\n<section><h2 id=\""
                + id(title) + "\">" + escape(title) + "</h2><pre>").getBytes(StandardCharsets.UTF_8)));
        stream.write(("</pre></section>\n" + PAGE_END).getBytes(StandardCharsets.UTF_8));
        stream.flush();
    }

    /** The end of a page {@link #pageStart} began. */
    static final String PAGE_END = "</body>\n</html>\n";

    /** A page's start, up to its heading {@code title}: the one look of Candor's text pages (this report, a diff). */
    static String pageStart(String title) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + escape(title)
                + "</title>\n<style>\n"
                + "  body { font: 13px sans-serif; margin: 8px 16px; color: #222; background: #fff; }\n"
                + "  pre { font: 12px monospace; background: #f7f7f7; padding: 8px; overflow-x: auto; }\n"
                + "  h1 { font-size: 18px; } h2 { font-size: 15px; margin-top: 24px; }\n"
                + "</style>\n</head>\n<body>\n<h1>" + escape(title) + "</h1>\n";
    }

    /** Preformatted text under a heading of its own. */
    static String section(String title, String text) {
        return "<section><h2 id=\"" + id(title) + "\">" + escape(title) + "</h2><pre>" + escape(text) + "</pre></section>\n";
    }

    static String link(String title) {
        return "<a href=\"#" + id(title) + "\">" + escape(title) + "</a>";
    }

    static String id(String title) {
        return title.toLowerCase(java.util.Locale.ROOT).replace(' ', '-');
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /**
     * Escapes what HTML would read as markup, byte by byte: UTF-8 never uses the bytes of {@code < > &} inside a
     * character, so the report's bytes can be escaped as they pass. Closing it leaves the stream open.
     */
    private static final class Escaping extends FilterOutputStream {
        Escaping(OutputStream out) {
            super(out);
        }

        @Override public void write(int b) throws IOException {
            switch (b) {
                case '<': out.write(LT); break;
                case '>': out.write(GT); break;
                case '&': out.write(AMP); break;
                default: out.write(b);
            }
        }

        @Override public void write(byte[] b, int off, int len) throws IOException {
            int start = off;
            for (int i = off; i < off + len; i++) {
                byte c = b[i];
                if (c == '<' || c == '>' || c == '&') {
                    out.write(b, start, i - start);
                    write(c);
                    start = i + 1;
                }
            }
            out.write(b, start, off + len - start);
        }

        @Override public void close() throws IOException {
            flush();
        }

        private static final byte[] LT = "&lt;".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] GT = "&gt;".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] AMP = "&amp;".getBytes(StandardCharsets.US_ASCII);
    }
}
