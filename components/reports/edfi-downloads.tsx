"use client";

import { useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import type { EdfiDownloadOptions } from "@/lib/edfi/page-data";
import type { EdfiSettings } from "@/lib/edfi/settings";
import { EdfiSend } from "./edfi-send";
import { EdfiSettingsForm } from "./edfi-settings";

const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";

/** The three files of a collection's Ed-Fi export, in the order an Ed-Fi ODS/API takes them. */
const FILES = [
  { resource: "assessments", label: "Assessment" },
  { resource: "objectiveAssessments", label: "Domains (objective assessments)" },
  { resource: "studentAssessments", label: "Student results" },
] as const;

/**
 * Download a collection's results as Ed-Fi Data Standard 5 JSON Lines, for the admin's reach or one
 * district; `settings` (the state's, for those who may change them) adds their form.
 */
export function EdfiDownloads({ options, scope, settings }: { options: EdfiDownloadOptions; scope: string; settings?: EdfiSettings }) {
  const [collectionId, setCollectionId] = useState(options.collections[0]?.id ?? 0);
  // An administrator of one district has no choice to make: that district (sending needs one).
  const [districtId, setDistrictId] = useState(!options.tenantWide && options.districts.length === 1 ? options.districts[0].id : 0);
  const query = districtId ? `?districtId=${districtId}` : "";
  return (
    <section aria-labelledby="edfi-heading" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="edfi-heading" className="text-lg font-semibold text-slate-900">
        Ed-Fi assessment results
      </h2>
      <p className="text-sm text-slate-700">
        {scope} Each file holds one Ed-Fi resource a line (JSON Lines, Data Standard 5) for your state&apos;s data system: load the assessment and its domains
        before the student results.
      </p>
      {options.collections.length === 0 ? (
        <p className="text-sm text-slate-700">There are no data collections yet, so there are no results to send.</p>
      ) : (
        <>
          <div className="grid gap-4 tablet:grid-cols-3">
            <div className="flex flex-col gap-1.5">
              <label htmlFor="edfi-collection" className="text-sm font-medium text-slate-800">
                Collection to export
              </label>
              <select id="edfi-collection" className={selectClass} value={collectionId} onChange={(e) => setCollectionId(Number(e.target.value))}>
                {options.collections.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            {options.districts.length > 1 ? (
              <div className="flex flex-col gap-1.5">
                <label htmlFor="edfi-district" className="text-sm font-medium text-slate-800">
                  District
                </label>
                <select id="edfi-district" className={selectClass} value={districtId} onChange={(e) => setDistrictId(Number(e.target.value))}>
                  <option value={0}>{options.tenantWide ? "All districts (the state)" : "All districts you administer"}</option>
                  {options.districts.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
          </div>
          <ul className="flex flex-wrap gap-3" aria-label="Ed-Fi files">
            {FILES.map((file) => (
              <li key={file.resource}>
                <a href={`/en/api/v1/data-collections/${collectionId}/edfi/${file.resource}${query}`} download className={buttonClasses("secondary")}>
                  {file.label} (JSONL)
                </a>
              </li>
            ))}
          </ul>
          {options.canSend ? <EdfiSend collectionId={collectionId} districtId={districtId} /> : null}
        </>
      )}
      {settings ? <EdfiSettingsForm initial={settings} /> : null}
    </section>
  );
}
