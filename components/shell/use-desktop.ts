"use client";

import { useSyncExternalStore } from "react";

/** The spec's desktop breakpoint (1200 px and wider). */
const DESKTOP_QUERY = "(min-width: 1200px)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(DESKTOP_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the window is desktop-wide; the server assumes desktop and CSS covers the first paint. */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DESKTOP_QUERY).matches,
    () => true,
  );
}
