"use client";

import { useSyncExternalStore } from "react";
import { Icon } from "./icons";

const OFFLINE_TEXT = "Your device currently offline. You will not be able to login, save data, or see fresh data.";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** The spec's offline banner, shown while the browser reports no network. */
export function OfflineWarning() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  return (
    <div role="alert">
      {!online && (
        <p className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
          <Icon name="offline" className="size-4 shrink-0" />
          {OFFLINE_TEXT}
        </p>
      )}
    </div>
  );
}
