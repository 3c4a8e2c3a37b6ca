"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import { callApi } from "@/components/api/client";
import { uploadFile } from "@/lib/platform/storage/upload-client";

const MAX_BYTES = 10 * 1024 * 1024;

/**
 * A tenant or system admin uploads the tenant's info sheet (a PDF of at most 10 MB), replacing the one
 * before; `endpoint` publishes it (a system admin's tenant page names that tenant's).
 */
export function InfoSheetUpload({ endpoint = "/info-sheet" }: { endpoint?: string }) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  // A new key empties the file input once its file is published.
  const [inputKey, setInputKey] = useState(0);

  function choose(chosen: File | null) {
    setFile(chosen);
    if (!chosen) setProblem("");
    else if (chosen.type !== "application/pdf" && !chosen.name.toLowerCase().endsWith(".pdf")) setProblem("The info sheet must be a PDF file");
    else if (chosen.size > MAX_BYTES) setProblem("The info sheet may not exceed 10 MB");
    else setProblem("");
  }

  async function upload() {
    if (!file || problem) return;
    setBusy(true);
    try {
      const uploaded = await uploadFile(file, { purpose: "tenant-resource" });
      const answer = await callApi("POST", endpoint, { fileId: uploaded.id });
      if (!answer.ok) {
        showSnackbar(answer.message, "error");
        return;
      }
      showSnackbar("The info sheet has been uploaded", "success");
      setFile(null);
      setInputKey((k) => k + 1);
      router.refresh();
    } catch (error) {
      showSnackbar(error instanceof Error ? error.message : "Something went wrong", "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Info sheet (PDF, at most 10 MB)
        <input
          key={inputKey}
          type="file"
          accept="application/pdf,.pdf"
          className="text-sm font-normal text-slate-800"
          aria-describedby={problem ? "info-sheet-problem" : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
      </label>
      {problem && (
        <p id="info-sheet-problem" className="text-sm text-red-700" role="alert">
          {problem}
        </p>
      )}
      <div>
        <Button size="sm" busy={busy} disabled={!file || Boolean(problem)} onClick={() => void upload()}>
          Upload info sheet
        </Button>
      </div>
    </div>
  );
}
