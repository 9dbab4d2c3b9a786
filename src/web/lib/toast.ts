// Toasts (spec §9: at most one visible at a time). A tiny store; <Toaster/> renders it.
import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT } from '@shared/rules';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
  /** One button on the toast, e.g. Undo. */
  action?: { label: string; onClick: () => void };
}
export interface ToastItem extends ToastInput {
  id: number;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const shownAt = new Map<number, number>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  shownAt.delete(id);
  emit();
}

/** Shows a toast; a new one replaces the one on screen. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  const item: ToastItem = { ...input, id };
  for (const old of toasts.slice(TOAST_LIMIT - 1)) dismissToast(old.id);
  toasts = [item, ...toasts].slice(0, TOAST_LIMIT);
  shownAt.set(id, Date.now());
  timers.set(
    id,
    setTimeout(() => dismissToast(id), input.durationMs ?? (input.variant === 'destructive' ? 7000 : 4000)),
  );
  emit();
  return id;
}

/** How long a toast stays before a follow-up may replace it: long enough to read a short line. */
export const READABLE_TOAST_MS = 2000;

/**
 * Shows `input` once the toast `previousId` has been on screen for `minVisibleMs` (at once if it
 * is gone already). Only one toast shows at a time (spec §9), so a success followed at once by
 * another would otherwise never be read ('PDF Generated', then 'Export Complete').
 */
export function toastAfter(previousId: number, input: ToastInput, minVisibleMs = READABLE_TOAST_MS): void {
  const shown = shownAt.get(previousId);
  const wait = shown === undefined ? 0 : shown + minVisibleMs - Date.now();
  if (wait <= 0) return void toast(input);
  setTimeout(() => {
    // Something newer took the screen meanwhile (an error, say): that one stays.
    const current = toasts[0];
    if (current === undefined || current.id === previousId) toast(input);
  }, wait);
}

/**
 * Shows news that can wait (the camera is ready) once the toast on screen now has been readable:
 * 'Report Created' and the camera a new report opens arrive together, and the second must not
 * take the screen before the first is read.
 */
export function toastWhenReadable(input: ToastInput): void {
  const current = toasts[0];
  if (current === undefined) return void toast(input);
  toastAfter(current.id, input);
}

/** Open dialogs that show the toasts inside them (ui/dialog-toasts.tsx), newest last: the page then shows none. */
export const toastsDialogs: object[] = [];

/** The toasts on screen now, newest first. */
export function getToasts(): readonly ToastItem[] {
  return toasts;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getToasts) as ToastItem[];
}
