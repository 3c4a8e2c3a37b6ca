"use client";

import { useEffect, useEffectEvent } from "react";

/**
 * Run `load` after the first render and again whenever `key` changes: the loads a client component
 * starts itself (a display's data, its saved filters). `live()` answers whether `key` is still the
 * current one and the component still there, so a late answer of an earlier key is dropped. `load`
 * may be a new function each render, reading the latest props and setters, without running again
 * (`useEffectEvent`); `key` alone decides (a string or number standing for what the load depends on).
 */
export function useLoad(key: string | number, load: (live: () => boolean) => unknown): void {
  const onLoad = useEffectEvent(load);
  useEffect(() => {
    let current = true;
    void Promise.resolve(onLoad(() => current)).catch(() => undefined);
    return () => {
      current = false;
    };
  }, [key]);
}
