package org.candor.demo;

/** Stock per SKU, shared by both workers: reservations take the lock. */
final class Inventory {

    private final int[] stock;
    private long backorders;

    Inventory(int skus) {
        stock = new int[skus];
        java.util.Arrays.fill(stock, 400);
    }

    synchronized boolean reserve(String sku, int quantity) {
        int i = Integer.parseInt(sku.substring(4));
        if (stock[i] >= quantity) {
            stock[i] -= quantity;
            return true;
        }
        backorders++;
        stock[i] += 200;
        return false;
    }

    synchronized long backorders() { return backorders; }
}
