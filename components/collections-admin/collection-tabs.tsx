import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { collectionPath, collectionsPath, type CollectionTab } from "@/lib/collections/admin-paths";

const TABS: { tab: CollectionTab; label: string }[] = [
  { tab: "details", label: "Details" },
  { tab: "sets", label: "Item sets and supports" },
  { tab: "assignments", label: "Assignments and field tests" },
  { tab: "scoring", label: "Scoring" },
];

/** The profile pages of one collection, the current one marked for assistive technology. */
export function CollectionTabs({ id, name, current }: { id: number; name: string; current: CollectionTab }) {
  return (
    <div className="mb-6 flex flex-col gap-3">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link className="text-brand-700 underline underline-offset-2" href={collectionsPath()}>
          Collections
        </Link>
        <span aria-hidden="true"> / </span>
        <span>{name}</span>
      </nav>
      <nav aria-label="Collection pages">
        <ul className="flex flex-wrap gap-2 border-b border-slate-200">
          {TABS.map((t) => (
            <li key={t.tab}>
              <Link
                href={collectionPath(id, t.tab)}
                aria-current={t.tab === current ? "page" : undefined}
                className={cn(
                  "-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium",
                  t.tab === current ? "border-brand-600 text-brand-800" : "border-transparent text-slate-700 hover:text-slate-900",
                )}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
