// Waiting on a state a user or operator would see, never on a fixed sleep.

/** Resolves once `condition` holds; past `timeoutMs` runs `onTimeout` (say what was seen) and throws naming `what`. */
export async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  onTimeout?: () => Promise<void> | void,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      await onTimeout?.();
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
