"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import { callApi } from "@/components/api/client";

const IMPORT_FAILED = "Error importing assessment";

/** Import an export file as a new assessment: 'Imported Assessment {name}', or the spec's error and a reload. */
export function ImportAssessment() {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function importFile(file: File) {
    setBusy(true);
    let document: unknown = null;
    try {
      document = JSON.parse(await file.text());
    } catch {
      document = null;
    }
    const result = document ? await callApi<{ assessment: { id: number; name: string } }>("POST", "/assessments/import", document) : null;
    setBusy(false);
    if (input.current) input.current.value = "";
    if (!result?.ok) {
      showSnackbar(IMPORT_FAILED, "error");
      // The spec reloads the page after a failed import: the list shows what the platform holds.
      router.refresh();
      return;
    }
    showSnackbar(`Imported Assessment ${result.data.assessment.name}`, "success");
    router.push(`/system/assessments/${result.data.assessment.id}`);
  }

  return (
    <>
      <input
        ref={input}
        id="assessment-import-file"
        type="file"
        accept="application/json,.json"
        className="sr-only"
        aria-label="Assessment export file to import"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void importFile(file);
        }}
      />
      <Button size="sm" variant="secondary" busy={busy} onClick={() => input.current?.click()}>
        Import assessment
      </Button>
    </>
  );
}
