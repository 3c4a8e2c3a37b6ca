"use client";

import { FailurePage } from "@/components/shell/failure-page";

/** A public page (sign-in, password pages, home) that failed: our page inside the root layout, not Next's. */
export default function RootError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <FailurePage reset={reset} />;
}
