"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { cn } from "./cn";

type SnackbarType = "info" | "success" | "error" | "warning";

/** The spec's snackbar: message, type, show; it hides itself after 6000 ms. */
const SNACKBAR_HIDE_MS = 6000;

interface SnackbarState {
  message: string;
  type: SnackbarType;
  show: boolean;
  /** Changes with every call, so the same message shown twice restarts the timer. */
  key: number;
}

interface SnackbarApi {
  showSnackbar: (message: string, type?: SnackbarType) => void;
  hideSnackbar: () => void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error("useSnackbar needs a SnackbarProvider above it");
  return api;
}

const styles: Record<SnackbarType, string> = {
  info: "bg-info",
  success: "bg-success",
  error: "bg-danger",
  warning: "bg-warning",
};

const labels: Record<SnackbarType, string> = { info: "Information", success: "Success", error: "Error", warning: "Warning" };

const region = "pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4";

function SnackbarMessage({ state, onClose }: { state: SnackbarState; onClose: () => void }) {
  return (
    <div
      data-testid="snackbar"
      data-type={state.type}
      className={cn(
        "pointer-events-auto flex max-w-xl animate-snackbar-in items-start gap-3 rounded-lg px-4 py-3 text-sm text-white shadow-lg",
        styles[state.type],
      )}
    >
      <span className="sr-only">{labels[state.type]}: </span>
      <p className="flex-1 leading-6">{state.message}</p>
      <button type="button" onClick={onClose} className="-mr-1 rounded p-1 text-white/90 hover:bg-white/15 hover:text-white" aria-label="Dismiss message">
        <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" fill="currentColor">
          <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
    </div>
  );
}

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SnackbarState>({ message: "", type: "info", show: false, key: 0 });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const hideSnackbar = useCallback(() => setState((s) => ({ ...s, show: false })), []);
  const showSnackbar = useCallback((message: string, type: SnackbarType = "info") => {
    setState((s) => ({ message, type, show: true, key: s.key + 1 }));
  }, []);

  useEffect(() => {
    if (!state.show) return;
    timer.current = setTimeout(hideSnackbar, SNACKBAR_HIDE_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [state.show, state.key, hideSnackbar]);

  const api = useMemo(() => ({ showSnackbar, hideSnackbar }), [showSnackbar, hideSnackbar]);
  const urgent = state.type === "error" || state.type === "warning";

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {/* Both live regions stay mounted so screen readers announce a message when it appears. */}
      <div role="status" aria-live="polite" className={region}>
        {state.show && !urgent && <SnackbarMessage key={state.key} state={state} onClose={hideSnackbar} />}
      </div>
      <div role="alert" aria-live="assertive" className={region}>
        {state.show && urgent && <SnackbarMessage key={state.key} state={state} onClose={hideSnackbar} />}
      </div>
    </SnackbarContext.Provider>
  );
}
