import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { NOT_FOUND_TEXT } from "@/lib/shell/messages";

export const metadata = { title: "Page not found" };

/** Any unknown path: the spec's warning and a way back. */
export default function NotFound() {
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-900">
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path
              d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <p className="text-sm font-semibold tracking-wider text-slate-600 uppercase">Page not found</p>
        <h1 className="mt-2 text-xl font-semibold text-slate-900">{NOT_FOUND_TEXT}</h1>
        <Link href="/" className={buttonClasses("primary", "md", "mt-6")}>
          Go to my dashboard
        </Link>
      </div>
    </main>
  );
}
