import { DEFAULT_DISPLAY_TYPE, DEFAULT_DOMAIN, DISPLAY_TYPES, type DisplayType } from "./model";

/* The display pages' query: view (type), domain and the admin's drill-down, read leniently. */

export const VIEW_LABELS: Record<DisplayType, string> = {
  pld: "PLD report",
  domains: "Domains",
  "single-domain": "Single domain",
  students: "Student progress",
};

export type PageQuery = Record<string, string | string[] | undefined>;

const one = (q: PageQuery, key: string) => (typeof q[key] === "string" ? (q[key] as string) : undefined);

export function viewOf(q: PageQuery): DisplayType {
  const view = one(q, "view");
  return DISPLAY_TYPES.find((t) => t === view) ?? DEFAULT_DISPLAY_TYPE;
}

export function domainOf(q: PageQuery): string {
  const domain = one(q, "domain");
  return domain && /^[A-Za-z0-9_-]{1,20}$/.test(domain) ? domain : DEFAULT_DOMAIN;
}

/** The drill-down ids present (digits only), as the display call's query. */
export function drillOf(q: PageQuery): Record<string, string> {
  const drill: Record<string, string> = {};
  for (const key of ["regionId", "districtId", "locationId", "teacherId"]) {
    const value = one(q, key);
    if (value && /^\d{1,9}$/.test(value)) drill[key] = value;
  }
  return drill;
}

/** Hrefs of the view and domain switches, keeping the rest of the page's query. */
export function pageLinks(path: string, keep: Record<string, string>, domains: { code: string; label: string }[], drillable: boolean) {
  const href = (extra: Record<string, string>) => `${path}?${new URLSearchParams({ ...keep, ...extra })}`;
  const view = keep.view ?? DEFAULT_DISPLAY_TYPE;
  const { regionId: _r, districtId: _d, locationId: _l, teacherId: _t, ...base } = keep;
  return {
    views: DISPLAY_TYPES.map((type) => ({ type, label: VIEW_LABELS[type], href: href({ view: type }) })),
    domains: domains.map((d) => ({ code: d.code, label: d.label, href: href({ view: "single-domain", domain: d.code }) })),
    drillBase: drillable ? `${path}?${new URLSearchParams({ ...base, view })}` : null,
  };
}
