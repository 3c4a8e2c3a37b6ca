"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useSnackbar } from "@/components/ui/snackbar";
import { callApi } from "@/components/api/client";
import { DOWNLOAD_UPLOAD_PURPOSE, acceptsFile, type SlotInfo } from "@/lib/downloads/slots";
import { uploadFile } from "@/lib/platform/storage/upload-client";

/**
 * A system admin's upload of a slot's installer: the file goes to storage through the multipart
 * protocol, then PUT /downloads/{slot} makes it the slot's download.
 */
export function PublishDialog({ info, replacing }: { info: SlotInfo; replacing: boolean }) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const fileId = useId();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [version, setVersion] = useState("");
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;
  const verb = replacing ? "Replace" : "Upload";

  function reset(next: boolean) {
    if (busy) return;
    setOpen(next);
    setFile(null);
    setVersion("");
    setError(undefined);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return setError("Choose a file to upload");
    if (!acceptsFile(info.slot, file.name)) return setError(`The ${info.title} must be a ${info.extensions.join(", ")} file`);
    setError(undefined);
    setProgress(0);
    try {
      const uploaded = await uploadFile(file, {
        purpose: DOWNLOAD_UPLOAD_PURPOSE,
        onProgress: (done, total) => setProgress((done / total) * 100),
      });
      const answer = await callApi("PUT", `/downloads/${info.slot}`, { fileId: uploaded.id, version });
      if (!answer.ok) throw new Error(answer.message);
      setProgress(null);
      setOpen(false);
      showSnackbar(`${info.title} published`, "success");
      router.refresh();
    } catch (err) {
      setProgress(null);
      setError(err instanceof Error ? err.message : "Something went wrong");
    }
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => reset(true)}>
        {verb}
        <span className="sr-only"> {info.title}</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={reset}
        title={`${verb} ${info.title}`}
        description={`${info.platform}. Accepted files: ${info.extensions.join(", ")}.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => reset(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" form={`${fileId}-form`} busy={busy}>
              {verb}
            </Button>
          </>
        }
      >
        <form id={`${fileId}-form`} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={fileId} className="text-sm font-medium text-slate-800">
              Installer file
            </label>
            <input
              id={fileId}
              type="file"
              accept={info.extensions.join(",")}
              disabled={busy}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fileId}-error` : undefined}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className="rounded-md border border-slate-400 bg-white text-sm file:mr-3 file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
            />
          </div>
          <Field
            label="Version (optional)"
            value={version}
            onChange={(e) => setVersion(e.target.value)}
            maxLength={40}
            disabled={busy}
            placeholder="e.g. 2.4.1"
          />
          {busy && <Progress value={progress ?? 0} label={`Uploading ${info.title}`} />}
          {error && (
            <p id={`${fileId}-error`} role="alert" className="text-sm font-medium text-danger">
              {error}
            </p>
          )}
        </form>
      </Dialog>
    </>
  );
}
