"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useSnackbar } from "@/components/ui/snackbar";
import { callApi } from "@/components/api/client";

/** The types and size the server accepts (lib/system/tenant-logo.ts checks the bytes again). */
export const LOGO_ACCEPT = "image/png,image/jpeg,image/gif,image/webp";
const LOGO_MAX_BYTES = 500 * 1024;

/** POST /tenants/{id}/logo as multipart form data: the tenant, or the server's message. */
export async function sendLogo(tenantId: number, file: File): Promise<{ ok: true } | { ok: false; message: string }> {
  if (file.size > LOGO_MAX_BYTES) return { ok: false, message: "Logo must be 500 KB or smaller" };
  const form = new FormData();
  form.append("file", file);
  const answer = await callApi("POST", `/tenants/${tenantId}/logo`, form);
  return answer.ok ? { ok: true } : { ok: false, message: answer.message };
}

/** A tenant's logo: what the header and sign-in page show, and a new file to replace it. */
export function TenantLogo({ tenantId, tenantName, logoUrl }: { tenantId: number; tenantName: string; logoUrl: string | null }) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File) {
    setBusy(true);
    const result = await sendLogo(tenantId, file);
    setBusy(false);
    if (input.current) input.current.value = "";
    if (!result.ok) {
      setError(result.message);
      showSnackbar("Error saving tenant", "error");
      return;
    }
    setError(null);
    showSnackbar("Tenant saved", "success");
    router.refresh();
  }

  return (
    <Card
      title="Logo"
      actions={
        <>
          <input
            ref={input}
            type="file"
            accept={LOGO_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label="Logo file to upload"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          <Button size="sm" busy={busy} onClick={() => input.current?.click()}>
            Upload logo
          </Button>
        </>
      }
    >
      <div className="flex flex-wrap items-center gap-4">
        {logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- the tenant's own file or URL, shown as stored
          <img src={logoUrl} alt={`${tenantName} logo`} className="h-16 w-auto max-w-60 rounded border border-slate-200 bg-white object-contain p-1" />
        ) : (
          <p className="text-sm text-slate-600">No logo yet: the product mark is shown.</p>
        )}
        <p className="text-sm text-slate-600">PNG, JPEG, GIF or WebP, at most 500 KB. Shown in the header and on the sign-in page.</p>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}
    </Card>
  );
}
