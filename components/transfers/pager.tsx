import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

/** Previous and next links of a server-paged list; `href(page)` keeps the other filters. */
export function Pager({ page, hasMore, href, summary }: { page: number; hasMore: boolean; href: (page: number) => string; summary: string }) {
  const off = "pointer-events-none opacity-60";
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-2.5 text-sm text-slate-700">
      <span aria-live="polite">{summary}</span>
      <div className="flex items-center gap-3">
        {page > 1 ? (
          <Link className={buttonClasses("secondary", "sm")} href={href(page - 1)}>
            Previous
          </Link>
        ) : (
          <span className={buttonClasses("secondary", "sm", off)} aria-disabled="true">
            Previous
          </span>
        )}
        <span>Page {page}</span>
        {hasMore ? (
          <Link className={buttonClasses("secondary", "sm")} href={href(page + 1)}>
            Next
          </Link>
        ) : (
          <span className={buttonClasses("secondary", "sm", off)} aria-disabled="true">
            Next
          </span>
        )}
      </div>
    </nav>
  );
}
