import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo-pass1";

/**
 * A journey file's own world: a copy of the demo's tenants and accounts under a fresh tag, seeded by
 * the test server's test-world route (lib/platform/test-worlds.ts). Maryland's copy is on
 * `<tag>.localhost`, Ohio's on `<tag>-ohio.localhost`; every account signs in with DEMO_PASSWORD.
 */
export interface World {
  tag: string;
  /** The origin of each copy, by the demo tenant it copies. */
  origins: { maryland: string; ohio: string };
  system: string;
  tenantAdmin: string;
  districtAdmin: string;
  teacher: string;
  adminTeacher: string;
  ohioTeacher: string;
  trainer: string;
  dataManager: string;
  helpdesk: string;
  helpdeskAdmin: string;
}

/** The origin of a host label on the test server: the project's origin with another first label. */
function originOf(projectURL: string, label: string): string {
  const url = new URL(projectURL);
  url.hostname = `${label}.localhost`;
  return url.origin;
}

async function seedWorld(request: APIRequestContext, projectURL: string): Promise<World> {
  const response = await request.post(new URL("/en/api/e2e/worlds", projectURL).toString());
  if (response.status() !== 201)
    throw new Error(`no test world (${response.status()}): the server needs a build made with E2E_ROUTES=1 and E2E_WORLDS=1 (scripts/e2e-server.mjs)`);
  const seeded = (await response.json()) as { tag: string; slugs: { maryland: string; ohio: string }; accounts: Record<string, string> };
  const camel = (key: string) => key.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());
  const accounts = Object.fromEntries(Object.entries(seeded.accounts).map(([key, username]) => [camel(key), username]));
  return {
    tag: seeded.tag,
    origins: { maryland: originOf(projectURL, seeded.slugs.maryland), ohio: originOf(projectURL, seeded.slugs.ohio) },
    ...accounts,
  } as World;
}

/** One world per journey file, made when its first journey starts (a worker restarted after a failure makes a new one). */
const worlds = new Map<string, Promise<World>>();

/**
 * `demoTest` fails a journey when any page refused a script, style, frame or connection under the
 * Content-Security-Policy: Chromium logs each refusal to the console; the page's own
 * securitypolicyviolation events are logged too, in case a message changes wording. Only the smoke
 * journey uses it bare: it runs on the README's demo and signs in with its accounts.
 */
export const demoTest = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy|securitypolicyviolation/i.test(message.text())) violations.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) =>
          console.error(`securitypolicyviolation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} in ${e.documentURI}`),
        );
      });
      await use();
      expect(violations, "Content-Security-Policy refusals on this journey").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Every other journey imports `test`: `world` is the file's own world and `baseURL` its Maryland copy's
 * origin, so `page.goto("/...")` opens the world's own host.
 */
export const test = demoTest.extend<{ world: World }>({
  world: async ({ playwright }, provide, testInfo) => {
    let world = worlds.get(testInfo.file);
    if (!world) {
      const projectURL = testInfo.project.use.baseURL!;
      world = playwright.request.newContext().then(async (request) => {
        try {
          return await seedWorld(request, projectURL);
        } finally {
          await request.dispose();
        }
      });
      worlds.set(testInfo.file, world);
    }
    await provide(await world);
  },
  baseURL: async ({ world }, provide) => provide(world.origins.maryland),
});
export { expect };

/** A Playwright instance (E2E_INSTANCE) keeps its mail and screenshots apart from other runs. */
const instance = process.env.E2E_INSTANCE ? `-${process.env.E2E_INSTANCE}` : "";
const mailDir = path.resolve(`tests/e2e/output/mail${instance}`);

/** Mails captured by the e2e SMTP server for one recipient, newest last. */
export function mailsTo(address: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(mailDir).sort();
  } catch {
    return [];
  }
  return files.map((f) => readFileSync(path.join(mailDir, f), "utf8")).filter((m) => m.split("\r\n")[0].toLowerCase().includes(address.toLowerCase()));
}

/** Wait until a mail to the address arrives and return it (mail goes through the job queue). */
export async function waitForMail(address: string, since = 0, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = mailsTo(address);
    if (mails.length > since) return mails[mails.length - 1];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
}

/** Sign in on the account's own host: a world's Ohio accounts (ohio.*@<tag>.test) on its Ohio copy, every other on the journey's. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await test.step(
    "sign in",
    async () => {
      const tag = username.split("@")[1]?.replace(/\.test$/, "");
      await page.goto(username.startsWith("ohio.") ? `${originOf(test.info().project.use.baseURL!, `${tag}-ohio`)}/sign-in` : "/sign-in");
      await page.getByLabel("Username").fill(username);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Login" }).click();
    },
    { box: true },
  );
}

/** Choose in the Region → District → Location picker: the location by name, else the district's first. */
export async function pickLocation(page: Page, choice: { region: string; district: string; location?: string }): Promise<string> {
  await page.getByLabel("Region", { exact: true }).selectOption({ label: choice.region });
  await page.getByLabel("District", { exact: true }).selectOption({ label: choice.district });
  const location = page.getByLabel("Location", { exact: true });
  // Each level loads its options once the level above is chosen.
  await expect(location).toBeEnabled();
  const name = choice.location ?? (await location.locator("option").nth(1).textContent())!.trim();
  await location.selectOption({ label: name });
  return name;
}

/**
 * A picture of the page for people to look at: tests/e2e/output-<instance>/screenshots/<name>.png, the
 * whole page unless told. CI keeps no pictures: .ci/run sets E2E_SCREENSHOTS=0, sparing 160 captures.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (process.env.E2E_SCREENSHOTS === "0") return;
  await test.step(
    `screenshot ${name}`,
    async () => {
      await page.screenshot({ path: path.join(`tests/e2e/output${instance}/screenshots`, `${name}.png`), fullPage, animations: "disabled" });
    },
    { box: true },
  );
}

/** The readable text of a captured mail: undoes quoted-printable soft breaks and escapes. */
export function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * axe-core against WCAG 2.1 A and AA: no violation of any impact (a legal duty for public schools).
 * `include` narrows a check to what a state adds to a page already checked whole (an open dialog, a
 * banner): on the scoring grid a whole-page run costs seconds, and the rest has not changed.
 */
export async function expectNoAxeViolations(page: Page, { include }: { include?: string[] } = {}) {
  await test.step(`axe ${new URL(page.url()).pathname}`, () => axeCheck(page, include), { box: true });
}
async function axeCheck(page: Page, include: string[] | undefined) {
  // Fades (page, dialog, snackbar) pass through low contrast: let the finite animations end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Only violations are read, so axe lists no nodes of what passed; legacy mode runs axe in the page
  // itself, where the default runs it per frame and then opens a blank page to merge the results. The
  // same rules and findings, a third to a fifth of the time (1–6 s a check on two cores). The app has
  // no frames; options() goes first, as it replaces what withTags() set.
  const axe = new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode(true);
  for (const selector of include ?? []) axe.include(selector);
  const { violations } = await axe.analyze();
  expect(violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
