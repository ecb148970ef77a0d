import type { CreateToasterReturn } from "@chakra-ui/react";

/*
 * Notifications (docs/rules/web-app.md, "Notices"): one visible at a time, for 5 s; F8 focuses them.
 * The toast machinery is not needed for the first paint, so it lives in its own chunk
 * (Toaster.tsx), mounted by <NotificationArea> at the user's first interaction or at the first notice.
 */

/** How long a notice stays on screen (docs/rules/web-app.md, "Notices"). */
export const NOTICE_DURATION_MS = 5000;

export type NoticeTone = "success" | "error" | "info";

export interface Notice {
  title: string;
  description?: string;
  tone?: NoticeTone;
}

let resolveReady: (toaster: CreateToasterReturn) => void = () => {};
const ready = new Promise<CreateToasterReturn>((resolve) => {
  resolveReady = resolve;
});
let mountRequested = false;
const mountListeners = new Set<() => void>();

/** Asks <NotificationArea> to mount the toaster now. */
export function requestToasterMount(): void {
  mountRequested = true;
  for (const listener of mountListeners) listener();
}

/** <NotificationArea> listens here; returns the unsubscribe. */
export function onToasterMountRequested(listener: () => void): () => void {
  mountListeners.add(listener);
  if (mountRequested) listener();
  return () => mountListeners.delete(listener);
}

/** Called by the mounted toaster, once it is listening to its store. */
export function markToasterReady(toaster: CreateToasterReturn): void {
  resolveReady(toaster);
}

/** Resolves once the toaster is mounted and listening. */
export function whenToasterReady(): Promise<CreateToasterReturn> {
  return ready;
}

/**
 * Shows one notice, replacing any on screen: one is visible at a time, and the newest is the one
 * that matters (a queue would hold 'Welcome back!' behind an old error for five seconds).
 */
export function notify({ title, description, tone = "info" }: Notice): void {
  requestToasterMount();
  void ready.then((toaster) => {
    toaster.remove();
    toaster.create({ title, description, type: tone, duration: NOTICE_DURATION_MS, closable: true });
  });
}

/** A failed action: a title saying what failed, and the server's message as the description. */
export function notifyFailure(title: string, message: string): void {
  notify({ title, description: message, tone: "error" });
}

export function notifySuccess(title: string, description?: string): void {
  notify({ title, description, tone: "success" });
}
