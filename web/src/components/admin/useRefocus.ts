import { useCallback, useRef } from "react";

/**
 * Keeps the keyboard in the list when the item that held focus leaves it (verified, approved,
 * cancelled): focus moves to the first control still in the list, or to the list itself.
 */
export function useRefocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const refocus = useCallback(() => {
    // After React has removed the item.
    setTimeout(() => {
      const container = ref.current;
      if (!container) return;
      const target = container.querySelector<HTMLElement>("button:not([disabled]), input:not([disabled])") ?? container;
      target.focus();
    }, 0);
  }, []);
  return [ref, refocus] as const;
}
