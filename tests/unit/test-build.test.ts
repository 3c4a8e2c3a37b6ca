import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// The journeys' test-world route (app/en/api/e2e/worlds/route.e2e.ts) is compiled only into the test
// command's build: next.config.mjs adds its page extension only with E2E_ROUTES=1. Read in a process
// of its own, as `next build` reads it.
function pageExtensions(E2E_ROUTES: string): string[] | null {
  const script = 'const { default: c } = await import("./next.config.mjs"); console.log(JSON.stringify(c.pageExtensions ?? null));';
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { env: { ...process.env, E2E_ROUTES }, encoding: "utf8" }));
}

describe("the test build", () => {
  it("a build without E2E_ROUTES keeps Next's page extensions, so *.e2e.ts routes are left out", () => {
    expect(pageExtensions("")).toBeNull();
  });

  it("the test command's build (E2E_ROUTES=1) compiles *.e2e.ts route files too", () => {
    expect(pageExtensions("1")).toEqual(["tsx", "ts", "jsx", "js", "e2e.ts"]);
  });
});
