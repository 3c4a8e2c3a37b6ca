import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NAVIGATION } from "@/lib/shell/navigation";

const APP = path.resolve("app");

/** The URL path of every app/**\/page.tsx: route groups `(name)` add no segment. */
function pageRoutes(dir = APP, segments: string[] = []): string[] {
  const routes: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === "page.tsx") routes.push("/" + segments.join("/"));
    if (!entry.isDirectory() || entry.name.startsWith("_")) continue;
    const group = /^\(.+\)$/.test(entry.name);
    routes.push(...pageRoutes(path.join(dir, entry.name), group ? segments : [...segments, entry.name]));
  }
  return routes;
}

describe("sidebar navigation", () => {
  it("links only to pages that exist", () => {
    const routes = new Set(pageRoutes());
    expect(routes.has("/system/dashboard")).toBe(true);
    const hrefs = Object.values(NAVIGATION).flatMap((items) => items.map((item) => item.href));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((href) => !routes.has(href))).toEqual([]);
  });
});
