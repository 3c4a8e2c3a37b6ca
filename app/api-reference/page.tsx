import Link from "next/link";
import type { Metadata } from "next";
import { connection } from "next/server";
import { Authentication, Conventions } from "@/components/api-reference/guide";
import { ReferenceFrame } from "@/components/api-reference/reference-frame";
import { buttonClasses } from "@/components/ui/button";
import { openApiDocument } from "@/app/en/api/v1/_registry/document";
import { apiReference } from "@/lib/platform/openapi/reference";

export const metadata: Metadata = { title: "API reference" };

const link = "rounded-sm font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline";

/**
 * /api-reference: the OpenAPI document for people writing clients, public and server-rendered (no
 * script of its own): how to sign in, the conventions, and the groups, each on its own page (one page
 * of several hundred operations was slow to load, to search and for assistive technology).
 * Rendered per request, so the page carries the request's CSP nonce.
 */
export default async function ApiReferencePage() {
  await connection();
  const reference = apiReference(openApiDocument());
  const count = reference.groups.reduce((n, g) => n + g.operations.length, 0);
  return (
    <ReferenceFrame
      groups={reference.groups}
      heading={
        <>
          <div>
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">API reference</h1>
            <p className="mt-1 max-w-3xl text-sm text-slate-700">
              {reference.title} {reference.version}: the operations the file watcher and the KRA and ELA apps call, generated from the same schemas the server
              checks requests and answers against.
            </p>
          </div>
          <a href={`${reference.base}/openapi.json`} download="openapi.json" className={buttonClasses("secondary", "md", "shrink-0")}>
            Download openapi.json
          </a>
        </>
      }
    >
      <Authentication base={reference.base} />
      <Conventions base={reference.base} statuses={reference.statuses} />
      <section aria-labelledby="groups-title" className="space-y-4">
        <div>
          <h2 id="groups-title" className="text-xl font-semibold text-slate-900">
            Operations by group
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {count} operations in {reference.groups.length} groups. Each group&apos;s page lists its operations: who may call each, its fields, its answer and
            its errors.
          </p>
        </div>
        <ul className="grid grid-cols-1 gap-3 tablet:grid-cols-2">
          {reference.groups.map((group) => (
            <li key={group.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
              <Link href={`/api-reference/${group.slug}`} className={link}>
                {group.name}
              </Link>
              <p className="mt-1 text-sm text-slate-600">{group.operations.length === 1 ? "1 operation" : `${group.operations.length} operations`}</p>
              {group.description && <p className="mt-1 text-sm text-slate-700">{group.description}</p>}
            </li>
          ))}
        </ul>
      </section>
    </ReferenceFrame>
  );
}
