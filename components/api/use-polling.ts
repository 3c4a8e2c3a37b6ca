"use client";

import { useEffect, useEffectEvent } from "react";

/**
 * Call `tick` every `intervalMs` while `active`: one call at a time (the next waits for the last to
 * settle, so a slow server is never asked twice at once), none after the component goes. `tick` may
 * be a new function each render without restarting the timer. Everything that follows work in
 * progress (reports, ISR batches, bulk and OneRoster loads, job counts, the class's score sheets, the
 * mail check, Ed-Fi sends) polls through it.
 */
export function usePolling(tick: () => unknown, intervalMs: number, active: boolean): void {
  const onTick = useEffectEvent(tick);
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(async () => {
        await Promise.resolve(onTick()).catch(() => undefined);
        if (!stopped) schedule();
      }, intervalMs);
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, intervalMs]);
}
