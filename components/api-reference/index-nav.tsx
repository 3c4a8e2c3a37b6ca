import type { GroupView } from "@/lib/platform/openapi/reference";

const link = "rounded-sm text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline";

/** The page's index: the guide's sections, then every group and operation, each a link to its anchor. */
export function IndexNav({ groups }: { groups: GroupView[] }) {
  return (
    <nav aria-labelledby="api-index-title" className="text-sm">
      <h2 id="api-index-title" className="text-sm font-semibold uppercase tracking-wider text-slate-600">
        Contents
      </h2>
      <ul className="mt-3 space-y-1">
        <li>
          <a href="#authentication" className={link}>
            Authentication
          </a>
        </li>
        <li>
          <a href="#conventions" className={link}>
            Conventions
          </a>
        </li>
      </ul>
      <ul className="mt-4 space-y-4">
        {groups.map((group) => (
          <li key={group.id}>
            <a href={`#${group.id}`} className={`${link} font-semibold`}>
              {group.name}
            </a>
            <ul className="mt-1 space-y-1 border-l border-slate-200 pl-3">
              {group.operations.map((op) => (
                <li key={op.id}>
                  <a href={`#${op.id}`} className={`${link} font-mono text-xs [overflow-wrap:anywhere]`}>
                    {op.method} {op.path}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}
