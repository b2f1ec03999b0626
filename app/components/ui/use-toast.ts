import * as React from "react";

import type { ToastActionElement } from "~/components/ui/toast";

/*
 * A tiny module-level toast store. `toast()` can be called from anywhere on the client (event
 * handlers, effects, other modules); `<Toaster />` subscribes and renders what is in the store.
 */

export type ToastVariant = "default" | "destructive" | "success";

export interface ToastOptions {
  title?: React.ReactNode;
  description?: React.ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before auto-dismiss; defaults to the Toaster's duration (5000). `Infinity` keeps it. */
  duration?: number;
  /** Usually a `<ToastAction altText="…">`. */
  action?: ToastActionElement;
}

export interface ToasterToast extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

/** At most this many toasts are kept; the oldest are dropped first. */
const TOAST_LIMIT = 3;
/** Time between a toast closing and it leaving the store. */
const REMOVE_DELAY = 1000;

const EMPTY: ToasterToast[] = [];
let toasts: ToasterToast[] = EMPTY;
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToasterToast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  const timer = setTimeout(() => {
    removeTimers.delete(id);
    setToasts(toasts.filter((t) => t.id !== id));
  }, REMOVE_DELAY);
  removeTimers.set(id, timer);
}

function dropTimer(id: string) {
  const timer = removeTimers.get(id);
  if (timer !== undefined) {
    clearTimeout(timer);
    removeTimers.delete(id);
  }
}

/** Closes one toast, or every toast when called without an id. */
function dismiss(id?: string) {
  let changed = false;
  const next = toasts.map((t) => {
    if ((id === undefined || t.id === id) && t.open) {
      changed = true;
      return { ...t, open: false };
    }
    return t;
  });
  if (changed) setToasts(next);
  for (const t of next) if (!t.open) scheduleRemoval(t.id);
}

function update(id: string, options: ToastOptions) {
  setToasts(toasts.map((t) => (t.id === id ? { ...t, ...options } : t)));
}

function toast(options: ToastOptions): ToastHandle {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  const next = [...toasts, { ...options, id, open: true }];
  const dropped = next.slice(0, Math.max(0, next.length - TOAST_LIMIT));
  for (const t of dropped) dropTimer(t.id);
  setToasts(next.slice(-TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismiss(id),
    update: (opts: ToastOptions) => update(id, opts),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot() {
  return toasts;
}

function getServerSnapshot() {
  return EMPTY;
}

function useToast() {
  const current = React.useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return { toasts: current, toast, dismiss };
}

export { useToast, toast, dismiss };
