import type { Metadata } from "next";
import { connection } from "next/server";
import { Banner } from "@/components/api-reference/banner";
import { Authentication, Conventions } from "@/components/api-reference/guide";
import { IndexNav } from "@/components/api-reference/index-nav";
import { Operation } from "@/components/api-reference/operation";
import { SkipLinks } from "@/components/shell/skip-links";
import { buttonClasses } from "@/components/ui/button";
import { openApiDocument } from "@/lib/platform/openapi/document";
import { apiReference } from "@/lib/platform/openapi/reference";

export const metadata: Metadata = { title: "API reference" };

/**
 * /api-reference: the OpenAPI document for people writing clients, public and server-rendered
 * (no script of its own). Rendered per request, so the page carries the request's CSP nonce.
 */
export default async function ApiReferencePage() {
  await connection();
  const reference = apiReference(openApiDocument());
  return (
    <>
      <SkipLinks />
      <Banner />
      <main id="main-content" className="mx-auto max-w-7xl px-4 py-8">
        <div className="mb-8 flex flex-col gap-4 tablet:flex-row tablet:items-end tablet:justify-between">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">API reference</h1>
            <p className="mt-1 max-w-3xl text-sm text-slate-700">
              {reference.title} {reference.version}: the operations the file watcher and the KRA and ELA apps call, generated from the
              same schemas the server checks requests and answers against.
            </p>
          </div>
          <a href={`${reference.base}/openapi.json`} download="openapi.json" className={buttonClasses("secondary", "md", "shrink-0")}>
            Download openapi.json
          </a>
        </div>
        <div className="grid grid-cols-1 gap-8 desktop:grid-cols-[16rem_minmax(0,1fr)]">
          {/* overflow-wrap: anywhere: long paths and names in summaries wrap, so nothing outgrows a 320 px screen. */}
          <div className="desktop:sticky desktop:top-4 desktop:max-h-[calc(100vh-2rem)] desktop:self-start desktop:overflow-y-auto [overflow-wrap:anywhere]">
            <IndexNav groups={reference.groups} />
          </div>
          <div className="min-w-0 space-y-8 [overflow-wrap:anywhere]">
            <Authentication base={reference.base} />
            <Conventions base={reference.base} statuses={reference.statuses} />
            {reference.groups.map((group) => (
              <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`} className="scroll-mt-4 space-y-4">
                <div>
                  <h2 id={`${group.id}-title`} className="text-xl font-semibold text-slate-900">
                    {group.name}
                  </h2>
                  {group.description && <p className="mt-1 text-sm text-slate-700">{group.description}</p>}
                </div>
                {group.operations.map((op) => (
                  <Operation key={op.id} op={op} />
                ))}
              </section>
            ))}
          </div>
        </div>
      </main>
    </>
  );
}
