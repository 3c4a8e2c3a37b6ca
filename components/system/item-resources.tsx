"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useSnackbar } from "@/components/ui/snackbar";
import { uploadFile } from "@/lib/platform/storage/upload-client";
import { callApi } from "@/components/api/client";
import { useChange } from "@/components/api/use-change";

interface Resource {
  id: number;
  originalFileName: string;
  sizeBytes: number;
}

const sizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * An item's resource files: upload through the presigned multipart protocol (purpose item-resource),
 * then attach by the key the completion answered; download by the API's signed redirect.
 */
export function ItemResources({ base, resources }: { base: string; resources: Resource[] }) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const { change } = useChange();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);

  async function upload(file: File) {
    setBusy(true);
    try {
      const done = await uploadFile(file, { purpose: "item-resource", onProgress: (sent, total) => setProgress(`${Math.round((sent / total) * 100)}%`) });
      const result = await callApi("POST", `${base}/resources`, { fileName: done.s3FileName, sizeBytes: done.size });
      if (!result.ok) throw new Error(result.message);
      showSnackbar(`Resource ${file.name} uploaded`, "success");
      router.refresh();
    } catch (error) {
      showSnackbar(error instanceof Error ? error.message : "Something went wrong", "error");
    } finally {
      setBusy(false);
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  }

  function remove(resource: Resource) {
    void change("DELETE", `${base}/resources`, { id: resource.id }, { success: `Resource ${resource.originalFileName} removed` });
  }

  return (
    <Card
      title="Resources"
      actions={
        <>
          <input
            ref={input}
            type="file"
            className="sr-only"
            tabIndex={-1}
            aria-label="Resource file to upload"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          <Button size="sm" busy={busy} onClick={() => input.current?.click()}>
            {progress ? `Uploading ${progress}` : "Upload resource"}
          </Button>
        </>
      }
    >
      {resources.length === 0 ? (
        <p className="text-sm text-slate-600">No resources yet. Picture cards and audio prompts go here.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {resources.map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-4 py-2">
              <a
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
                href={`/en/api/v1${base}/resources/${r.id}/download`}
                download={r.originalFileName}
              >
                {r.originalFileName}
              </a>
              <span className="flex items-center gap-3 text-sm text-slate-600">
                {sizeText(r.sizeBytes)}
                <Button size="sm" variant="secondary" onClick={() => remove(r)} aria-label={`Remove ${r.originalFileName}`}>
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
