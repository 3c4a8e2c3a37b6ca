import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `import "server-only"` makes the build fail when a client component pulls in a module that opens
 * the database or holds a secret. These tests read the import graph from the sources.
 */

/** The database client and the holders of secrets (the app secret, session tokens, URL signing keys). */
const SENSITIVE = new Set(["db/client.ts", "lib/platform/env.ts", "lib/platform/session-token.ts", "lib/platform/storage/signing.ts"]);

/**
 * Not marked, by reason:
 * - what proxy.ts bundles (computed below): the request gate decodes the session token with the app
 *   secret, and Next has refused `server-only` in the middleware bundle (vercel/next.js#75904); the
 *   gate reads no database (checked below), and no client component reaches these (checked below);
 * - db/: db/client.ts is also loaded by plain Node CLIs without the server-only hook (`npm run
 *   db:migrate`, tests/bench), and only lib/, jobs/ and the start-up import db/ (architecture.md).
 * Pure modules shared with client components (lib/auth/permissions.ts, lib/auth/routes.ts,
 * lib/shell/header.ts) import nothing sensitive, so the rule does not ask them to be marked.
 */
const GATE = "proxy.ts";

const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

const sources = new Map<string, string>();
const source = (file: string) => {
  if (!sources.has(file)) sources.set(file, readFileSync(file, "utf8"));
  return sources.get(file)!;
};

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  else return null;
  const file = EXTENSIONS.map((ext) => base + ext).find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return file ? path.normalize(file) : null;
}

/** `{ type A, type B }`: every name a type, so the compiler erases the whole import. */
const typesOnly = (clause: string) =>
  /^\{[^}]*\}$/.test(clause.trim()) &&
  clause
    .slice(1, -1)
    .split(",")
    .every((name) => /^\s*(type\s|$)/.test(name));

/** Our modules a file loads at run time: `import type`, `export type` and type-only lists are erased and left out. */
function valueImports(file: string): string[] {
  const text = source(file);
  const specifiers = [
    ...[...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:([^;]*?)\sfrom\s+)?["']([^"']+)["']/gms)].filter((m) => !typesOnly(m[1] ?? "")).map((m) => m[2]),
    ...[...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]),
  ];
  return specifiers.flatMap((s) => resolveImport(file, s) ?? []);
}

const isMarked = (file: string) => /^import "server-only";$/m.test(source(file));
const isClient = (file: string) => /^\s*["']use client["'];?/.test(source(file));

/** Every module loaded from the starts. */
function reachable(starts: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of valueImports(file)) if (!seen.has(next)) queue.push(next);
  }
  return seen;
}

const gate = reachable([GATE]);
const touchesSensitive = (file: string) => SENSITIVE.has(file) || valueImports(file).some((i) => SENSITIVE.has(i));

describe('import "server-only"', () => {
  it("the graph reader sees the imports it must see", () => {
    expect(valueImports("lib/platform/actor.ts")).toEqual(expect.arrayContaining(["lib/platform/tenancy.ts", "lib/platform/session-token.ts"]));
    expect(valueImports("lib/platform/tenancy.ts")).toEqual(expect.arrayContaining(["db/client.ts"]));
    expect(valueImports("lib/platform/openapi/route-spec.ts")).toEqual([]);
    expect([typesOnly("{ type Actor, type Role }"), typesOnly("{ type Actor, db }"), typesOnly("* as schema")]).toEqual([true, false, false]);
    expect(gate.has("lib/platform/session-token.ts")).toBe(true);
  });

  it("marks every lib/ module that opens the database or holds a secret, or imports one that does", () => {
    const unmarked = sourceFiles("lib").filter((file) => touchesSensitive(file) && !isMarked(file) && !gate.has(file));
    expect(unmarked, 'add import "server-only" to these').toEqual([]);
  });

  it("keeps the request gate's modules free of data access (they are the unmarked exception)", () => {
    expect([...gate].filter((file) => valueImports(file).includes("db/client.ts"))).toEqual([]);
  });

  it("lets no client component reach a server-only module, the database or a secret", () => {
    const clientComponents = ["app", "components", "lib"].flatMap(sourceFiles).filter(isClient);
    expect(clientComponents.length).toBeGreaterThan(10);
    const offenders = clientComponents.flatMap((start) =>
      [...reachable([start])].filter((file) => isMarked(file) || SENSITIVE.has(file)).map((file) => `${start} → ${file}`),
    );
    expect(offenders).toEqual([]);
  });

  it("finds no server action: the browser changes data through the API with callApi (docs/architecture.md 'Browser data access')", () => {
    expect(["app", "components", "lib"].flatMap(sourceFiles).filter((file) => /["']use server["']/.test(source(file)))).toEqual([]);
  });
});
