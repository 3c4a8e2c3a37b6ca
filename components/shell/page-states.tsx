"use client";

import { Button } from "@/components/ui/button";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { MESSAGES } from "@/lib/platform/errors";

/** What a page shows while its server data loads (the area's loading.tsx). */
export function PageLoading() {
  return <LoadingState title="Loading…" className="mt-8" />;
}

/** A page that failed: the spec's 500 text and a retry, inside the shell (the area's error.tsx). */
export function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <ErrorState
      title="This page could not be shown"
      className="mt-8"
      action={
        <Button variant="secondary" onClick={reset}>
          Try again
        </Button>
      }
    >
      {MESSAGES[500]}
    </ErrorState>
  );
}
