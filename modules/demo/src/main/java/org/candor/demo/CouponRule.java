package org.candor.demo;

/**
 * A coupon condition such as {@code (qty + 3) * price > 400}, evaluated by recursive descent:
 * or := and ('|' and)*; and := cmp ('&' cmp)*; cmp := sum ('>' sum)?; sum := term (('+'|'-') term)*;
 * term := atom ('*' atom)*; atom := number | qty | price | '(' or ')'.
 */
final class CouponRule {

    private final String text;
    private final double qty;
    private final double price;
    private int pos;

    private CouponRule(String text, double qty, double price) {
        this.text = text;
        this.qty = qty;
        this.price = price;
    }

    static boolean applies(String rule, int quantity, double unitPrice) {
        if (rule.isEmpty()) return false;
        return new CouponRule(rule, quantity, unitPrice).or() != 0;
    }

    private double or() {
        double v = and();
        while (accept('|')) v = (v != 0 | and() != 0) ? 1 : 0;
        return v;
    }

    private double and() {
        double v = comparison();
        while (accept('&')) v = (v != 0 & comparison() != 0) ? 1 : 0;
        return v;
    }

    private double comparison() {
        double v = sum();
        if (accept('>')) return v > sum() ? 1 : 0;
        return v;
    }

    private double sum() {
        double v = term();
        while (true) {
            if (accept('+')) v += term();
            else if (accept('-')) v -= term();
            else return v;
        }
    }

    private double term() {
        double v = atom();
        while (accept('*')) v *= atom();
        return v;
    }

    private double atom() {
        skipSpaces();
        if (accept('(')) {
            double v = or();
            accept(')');
            return v;
        }
        if (text.startsWith("qty", pos)) {
            pos += 3;
            return qty;
        }
        if (text.startsWith("price", pos)) {
            pos += 5;
            return price;
        }
        int start = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) pos++;
        return Double.parseDouble(text.substring(start, pos));
    }

    private boolean accept(char c) {
        skipSpaces();
        if (pos < text.length() && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    private void skipSpaces() {
        while (pos < text.length() && text.charAt(pos) == ' ') pos++;
    }
}
