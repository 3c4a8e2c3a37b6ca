"use client";

import { Button, buttonClasses } from "@/components/ui/button";
import { MESSAGES } from "@/lib/platform/errors";

/**
 * A whole page that failed outside any area (a public page, or the root layout itself): the spec's
 * 500 text, a retry and a way home, in the look of the not-found page. A plain link, not next/link:
 * after a failure a full load is the safer way back.
 */
export function FailurePage({ reset }: { reset: () => void }) {
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-100 text-red-900">
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7.5v5.5M12 16.5v.01" strokeLinecap="round" />
          </svg>
        </div>
        <p className="text-sm font-semibold tracking-wider text-slate-600 uppercase">Something went wrong</p>
        <h1 className="mt-2 text-xl font-semibold text-slate-900">This page could not be shown</h1>
        <p className="mt-3 text-sm text-slate-700">{MESSAGES[500]}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button variant="primary" onClick={reset}>
            Try again
          </Button>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load after a failure */}
          <a href="/" className={buttonClasses("secondary", "md")}>
            Go to my dashboard
          </a>
        </div>
      </div>
    </main>
  );
}
