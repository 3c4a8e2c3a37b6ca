"use client";

import { FailurePage } from "@/components/shell/failure-page";
import "./globals.css";

/** The root layout itself failed: this page replaces it, so it brings its own document and styles. */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <head>
        <title>Something went wrong · Assessment Platform</title>
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <FailurePage reset={reset} />
      </body>
    </html>
  );
}
