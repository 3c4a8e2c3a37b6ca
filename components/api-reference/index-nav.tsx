import Link from "next/link";
import type { GroupView } from "@/lib/platform/openapi/reference";

const link = "rounded-sm text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline";

/**
 * The reference's index: the guide's sections, then every group as a link to its own page; the group
 * being read lists its operations, each a link to its anchor.
 */
export function IndexNav({ groups, current }: { groups: GroupView[]; current?: GroupView }) {
  return (
    <nav aria-labelledby="api-index-title" className="text-sm">
      <h2 id="api-index-title" className="text-sm font-semibold tracking-wider text-slate-600 uppercase">
        Contents
      </h2>
      <ul className="mt-3 space-y-1">
        <li>
          <Link href="/api-reference#authentication" className={link}>
            Authentication
          </Link>
        </li>
        <li>
          <Link href="/api-reference#conventions" className={link}>
            Conventions
          </Link>
        </li>
      </ul>
      <ul className="mt-4 space-y-2">
        {groups.map((group) => (
          <li key={group.id}>
            <Link
              href={`/api-reference/${group.slug}`}
              aria-current={group === current ? "page" : undefined}
              className={`${link} ${group === current ? "font-semibold text-slate-900" : ""}`}
            >
              {group.name}
            </Link>
            {group === current && (
              <ul className="mt-1 space-y-1 border-l border-slate-200 pl-3">
                {group.operations.map((op) => (
                  <li key={op.id}>
                    <a href={`#${op.id}`} className={`${link} font-mono text-xs [overflow-wrap:anywhere]`}>
                      {op.method} {op.path}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
