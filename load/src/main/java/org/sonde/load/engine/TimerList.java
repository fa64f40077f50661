package org.sonde.load.engine;

/**
 * dperf's timer design ({@code socket_timer.h}): every entry of a list waits the same delay, so
 * appending at the tail keeps the list sorted by deadline, and adding, removing and expiring are
 * O(1) without a heap or a wheel. The nodes live in the connections (intrusive), so no timer
 * allocates.
 */
final class TimerList<T> {
    /** A place in one list; each connection owns one node per list it can be on. */
    static final class Node<T> {
        final T owner;
        Node<T> prev;
        Node<T> next;
        long deadlineNanos;
        boolean linked;

        Node(T owner) {
            this.owner = owner;
        }
    }

    private final long delayNanos;
    private Node<T> head;
    private Node<T> tail;

    TimerList(long delayNanos) {
        this.delayNanos = delayNanos;
    }

    /** (Re)starts the node's timer: it expires {@code delay} after {@code nowNanos}. */
    void schedule(Node<T> n, long nowNanos) {
        if (n.linked) remove(n);
        n.deadlineNanos = nowNanos + delayNanos;
        n.prev = tail;
        n.next = null;
        if (tail != null) tail.next = n;
        else head = n;
        tail = n;
        n.linked = true;
    }

    void remove(Node<T> n) {
        if (!n.linked) return;
        if (n.prev != null) n.prev.next = n.next;
        else head = n.next;
        if (n.next != null) n.next.prev = n.prev;
        else tail = n.prev;
        n.prev = n.next = null;
        n.linked = false;
    }

    /** The earliest deadline, or {@link Long#MAX_VALUE} when the list is empty. */
    long nextDeadline() {
        return head == null ? Long.MAX_VALUE : head.deadlineNanos;
    }

    /** Removes and returns the head if it has expired by {@code nowNanos}, else null. */
    Node<T> pollExpired(long nowNanos) {
        Node<T> n = head;
        if (n == null || n.deadlineNanos - nowNanos > 0) return null;
        remove(n);
        return n;
    }
}
