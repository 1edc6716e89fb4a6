package org.candor.demo;

import java.math.BigDecimal;

/** Parses order lines; a malformed line is rejected with {@link InvalidOrderException}. */
final class OrderParser {

    private OrderParser() {}

    static Order parse(String line) throws InvalidOrderException {
        String[] f = split(line);
        if (f.length != 6) throw new InvalidOrderException("expected 6 fields, got " + f.length + ": " + line);
        return new Order(parseLong(f[0]), f[1], f[2], parseQuantity(f[3]), parsePrice(f[4]), f[5]);
    }

    private static String[] split(String line) {
        int fields = 1;
        for (int i = 0; i < line.length(); i++) if (line.charAt(i) == ';') fields++;
        String[] out = new String[fields];
        int start = 0;
        int k = 0;
        for (int i = 0; i <= line.length(); i++) {
            if (i == line.length() || line.charAt(i) == ';') {
                out[k++] = line.substring(start, i);
                start = i + 1;
            }
        }
        return out;
    }

    private static long parseLong(String s) throws InvalidOrderException {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new InvalidOrderException("bad id '" + s + "'");
        }
    }

    private static int parseQuantity(String s) throws InvalidOrderException {
        try {
            int q = Integer.parseInt(s);
            if (q <= 0) throw new InvalidOrderException("quantity must be positive: " + q);
            return q;
        } catch (NumberFormatException e) {
            throw new InvalidOrderException("bad quantity '" + s + "'");
        }
    }

    private static BigDecimal parsePrice(String s) throws InvalidOrderException {
        try {
            return new BigDecimal(s);
        } catch (NumberFormatException e) {
            throw new InvalidOrderException("bad price '" + s + "'");
        }
    }
}
