// Toasts (spec §9: at most one visible at a time). A tiny store; <Toaster/> renders it.
import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT } from '@shared/rules';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
}
export interface ToastItem extends ToastInput {
  id: number;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  emit();
}

/** Shows a toast; a new one replaces the one on screen. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  const item: ToastItem = { ...input, id };
  for (const old of toasts.slice(TOAST_LIMIT - 1)) dismissToast(old.id);
  toasts = [item, ...toasts].slice(0, TOAST_LIMIT);
  timers.set(id, setTimeout(() => dismissToast(id), input.durationMs ?? (input.variant === 'destructive' ? 7000 : 4000)));
  emit();
  return id;
}

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
