import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Files, Rec } from "./oneroster";

/**
 * A OneRoster 1.2 rostering provider for tests: an OAuth 2.0 client-credentials token endpoint and
 * the collections the pull reads, served from the test's records with `limit`/`offset` paging and
 * the `dateLastModified>'…'` filter. `startMockProvider` puts Prism (`prism proxy --errors`) on the
 * published description (tests/fixtures/oneroster) in front of the collections, so every request
 * and answer is checked against it; the token endpoint (not in the description) is served directly.
 */

export const COLLECTIONS = ["orgs", "academicSessions", "users", "classes", "enrollments", "demographics"] as const;
type Collection = (typeof COLLECTIONS)[number];
export type RestRecord = Record<string, unknown> & { sourcedId: string; status: string; dateLastModified: string };

const BASE = "/ims/oneroster/rostering/v1p2";
const link = (sourcedId: string, type: string) => ({ sourcedId, type, href: `${BASE}/${type}s/${sourcedId}` });
const bool = (v: string | undefined) => v === "true";

/** A district roster (support/oneroster.ts records) as the REST binding's JSON, every record modified at `modified`. */
export function restRoster(files: Required<Pick<Files, Collection>>, modified: string): Record<Collection, RestRecord[]> {
  const base = (r: Rec) => ({ sourcedId: r.sourcedId, status: "active", dateLastModified: modified });
  const roleOf = new Map<string, string>(files.enrollments.map((e) => [e.userSourcedId, e.role]));
  return {
    orgs: files.orgs.map((r) => ({
      ...base(r),
      name: r.name,
      type: r.type,
      identifier: r.identifier,
      ...(r.parentSourcedId ? { parent: link(r.parentSourcedId, "org") } : {}),
    })),
    academicSessions: files.academicSessions.map((r) => ({
      ...base(r),
      title: r.title,
      type: r.type,
      startDate: r.startDate,
      endDate: r.endDate,
      schoolYear: r.schoolYear,
    })),
    users: files.users.map((r) => ({
      ...base(r),
      enabledUser: bool(r.enabledUser),
      username: r.username,
      userIds: (r.userIds ?? "")
        .split(",")
        .filter(Boolean)
        .map((pair) => {
          const [type, identifier] = pair.slice(1, -1).split(":");
          return { type, identifier };
        }),
      givenName: r.givenName,
      familyName: r.familyName,
      middleName: r.middleName ?? "",
      identifier: r.identifier,
      email: r.email ?? "",
      roles: [{ roleType: "primary", role: roleOf.get(r.sourcedId) ?? "student", org: link(r.primaryOrgSourcedId, "org") }],
      primaryOrg: link(r.primaryOrgSourcedId, "org"),
    })),
    classes: files.classes.map((r) => ({
      ...base(r),
      title: r.title,
      classCode: r.classCode,
      classType: r.classType,
      course: link(r.courseSourcedId, "course"),
      school: link(r.schoolSourcedId, "org"),
      terms: r.termSourcedIds.split(",").map((s) => link(s, "academicSession")),
    })),
    enrollments: files.enrollments.map((r) => ({
      ...base(r),
      role: r.role,
      primary: bool(r.primary),
      user: link(r.userSourcedId, "user"),
      class: link(r.classSourcedId, "class"),
      school: link(r.schoolSourcedId, "org"),
    })),
    demographics: files.demographics.map((r) => ({
      ...base(r),
      birthDate: r.birthDate,
      // The published description's vocabulary (Male, Female).
      sex: r.sex === "female" ? "Female" : "Male",
      americanIndianOrAlaskaNative: bool(r.americanIndianOrAlaskaNative),
      asian: bool(r.asian),
      blackOrAfricanAmerican: bool(r.blackOrAfricanAmerican),
      nativeHawaiianOrOtherPacificIslander: bool(r.nativeHawaiianOrOtherPacificIslander),
      white: bool(r.white),
      demographicRaceTwoOrMoreRaces: bool(r.demographicRaceTwoOrMoreRaces),
      hispanicOrLatinoEthnicity: bool(r.hispanicOrLatinoEthnicity),
    })),
  };
}

export interface ProviderUnderTest {
  /** Token URL and base URL to give the integration. */
  tokenUrl: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The records served; a test changes them between pulls. */
  data: Record<Collection, RestRecord[]>;
  /** Collection requests as they arrived at the provider (behind Prism): collection, limit, offset, filter. */
  requests: { collection: string; limit: number; offset: number; filter: string | null }[];
  /** The most records a page holds, whatever the limit asked (real providers cap it); 0: no cap. */
  maxPage: number;
  /** Send X-Total-Count (else the pull pages until an empty page). */
  totalHeader: boolean;
  /** Answer the next request of this collection with this HTTP status. */
  failNext: { collection: Collection; status: number } | null;
  /** Prism's log, for a failing test's message. */
  prismLog(): string;
  stop(): Promise<void>;
}

const FILTER = /^dateLastModified>'([^']+)'$/;

function provider(clientId: string, clientSecret: string) {
  const state = {
    data: Object.fromEntries(COLLECTIONS.map((c) => [c, []])) as unknown as Record<Collection, RestRecord[]>,
    requests: [] as ProviderUnderTest["requests"],
    failNext: null as ProviderUnderTest["failNext"],
    maxPage: 0,
    totalHeader: true,
    token: `tok-${Math.random().toString(36).slice(2)}`,
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://provider");
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/token") {
      const expected = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString("base64")}`;
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        const form = new URLSearchParams(body);
        if (req.method !== "POST" || form.get("grant_type") !== "client_credentials") return json(400, { error: "unsupported_grant_type" });
        if (req.headers.authorization !== expected) return json(401, { error: "invalid_client" });
        json(200, { access_token: state.token, token_type: "Bearer", expires_in: 3600, scope: form.get("scope") });
      });
      return;
    }
    const collection = url.pathname.slice(BASE.length + 1) as Collection;
    if (!url.pathname.startsWith(`${BASE}/`) || !COLLECTIONS.includes(collection)) return json(404, { imsx_codeMajor: "failure" });
    if (req.headers.authorization !== `Bearer ${state.token}`) return json(401, { imsx_codeMajor: "failure", imsx_description: "unauthorized" });
    const limit = Number(url.searchParams.get("limit") ?? 100);
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const filter = url.searchParams.get("filter");
    state.requests.push({ collection, limit, offset, filter });
    if (state.failNext?.collection === collection) {
      const status = state.failNext.status;
      state.failNext = null;
      return json(status, { imsx_codeMajor: "failure" });
    }
    const since = filter ? FILTER.exec(filter)?.[1] : undefined;
    if (filter && !since) return json(400, { imsx_codeMajor: "failure", imsx_description: "filter not supported" });
    const all = state.data[collection].filter((r) => !since || Date.parse(r.dateLastModified) > Date.parse(since));
    const size = state.maxPage ? Math.min(limit, state.maxPage) : limit;
    json(200, { [collection]: all.slice(offset, offset + size) }, state.totalHeader ? { "x-total-count": String(all.length) } : {});
  });
  return { state, server };
}

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));

async function free(): Promise<number> {
  const s = createServer();
  const port = await listen(s);
  await new Promise((r) => s.close(r));
  return port;
}

/**
 * Two corrections to the published description, each matched exactly once or the test stops: it
 * types `user.roles` and `class.terms` as objects, where OneRoster 1.2 (and the Ed-Fi Alliance's own
 * service, which answers JSON arrays there) has arrays of roles and of links. Everything else is
 * checked as published.
 */
const CORRECTIONS: [RegExp, string][] = [
  [/(\n {8}roles:\n {10}description: Role\(s\) for which the user is enrolled\.\n {10}type: )object/, "$1array"],
  [/(\n {8}terms:\n {10}description: Links to terms[^\n]*\n {10}type: )object/, "$1array"],
];

async function correctedDescription(): Promise<string> {
  let text = await readFile(path.join(process.cwd(), "tests/fixtures/oneroster/edfi-oneroster-v1p2.yaml"), "utf8");
  for (const [pattern, replacement] of CORRECTIONS) {
    if ((text.match(new RegExp(pattern, "g")) ?? []).length !== 1) throw new Error(`the description no longer reads as expected: ${pattern}`);
    text = text.replace(pattern, replacement);
  }
  const file = path.join(await mkdtemp(path.join(tmpdir(), "oneroster-description-")), "oneroster-v1p2.yaml");
  await writeFile(file, text);
  return file;
}

/** The provider behind Prism's validating proxy on the published description. */
export async function startMockProvider(): Promise<ProviderUnderTest> {
  const clientId = "kra-district";
  const clientSecret = `s3cret-${Math.random().toString(36).slice(2)}`;
  const { state, server } = provider(clientId, clientSecret);
  const upstream = await listen(server);
  const port = await free();
  const prism: ChildProcess = spawn(
    path.join(process.cwd(), "node_modules/.bin/prism"),
    ["proxy", await correctedDescription(), `http://127.0.0.1:${upstream}`, "--errors", "-p", String(port), "-h", "127.0.0.1"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  prism.stdout?.on("data", (d) => (output += d));
  prism.stderr?.on("data", (d) => (output += d));
  const deadline = Date.now() + 60_000;
  while (!/Prism is listening/.test(output)) {
    if (prism.exitCode !== null || Date.now() > deadline) throw new Error(`prism did not start: ${output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    tokenUrl: `http://127.0.0.1:${upstream}/token`,
    baseUrl: `http://127.0.0.1:${port}${BASE}`,
    clientId,
    clientSecret,
    get data() {
      return state.data;
    },
    set data(value) {
      state.data = value;
    },
    requests: state.requests,
    get maxPage() {
      return state.maxPage;
    },
    set maxPage(value) {
      state.maxPage = value;
    },
    get totalHeader() {
      return state.totalHeader;
    },
    set totalHeader(value) {
      state.totalHeader = value;
    },
    get failNext() {
      return state.failNext;
    },
    set failNext(value) {
      state.failNext = value;
    },
    prismLog: () => output,
    async stop() {
      prism.kill();
      await new Promise((r) => server.close(r));
    },
  };
}
