"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useSnackbar } from "@/components/ui/snackbar";
import type { FieldError } from "@/lib/platform/errors";
import { callApi } from "@/components/api/client";
import { LOGO_ACCEPT, sendLogo } from "./tenant-logo";

const EMPTY = { name: "", slug: "", firstName: "", lastName: "", email: "" };

/**
 * New tenant, optionally with a new user who becomes its tenant admin (spec §4: a tenant save with
 * a new user then creates a tenant admin), then its logo file when one was chosen: each call has its
 * own snackbar. A failed admin or logo keeps the saved tenant and says so.
 */
export function NewTenant() {
  const router = useRouter();
  const { showSnackbar, hideSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [logo, setLogo] = useState<File | null>(null);
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const bind = (name: keyof typeof EMPTY) => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  const withAdmin = Boolean(values.firstName || values.lastName || values.email);

  async function submit(event: FormEvent) {
    event.preventDefault();
    hideSnackbar();
    setBusy(true);
    setErrors([]);
    setAlert(null);
    const tenant = await callApi<{ tenant: { id: number } }>("POST", "/tenants", { name: values.name, slug: values.slug.trim() || undefined });
    if (!tenant.ok) {
      setBusy(false);
      setErrors(tenant.errors);
      setAlert(tenant.message);
      showSnackbar("Error saving tenant", "error");
      return;
    }
    showSnackbar("Tenant saved", "success");
    const tenantPage = `/system/tenants/${tenant.data.tenant.id}`;
    if (logo) {
      const uploaded = await sendLogo(tenant.data.tenant.id, logo);
      if (!uploaded.ok) {
        setBusy(false);
        setErrors([{ field: "logo", message: uploaded.message }]);
        setAlert(`The tenant was saved; its logo was not: ${uploaded.message}. Upload it on the tenant's page.`);
        showSnackbar("Error saving tenant", "error");
        router.push(tenantPage);
        return;
      }
    }
    if (withAdmin) {
      const admin = await callApi("POST", "/tenant-admins", {
        tenantId: tenant.data.tenant.id,
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
      });
      if (!admin.ok) {
        setBusy(false);
        setErrors(admin.errors);
        setAlert(`The tenant was saved; its admin was not: ${admin.message}. Add the admin on the tenant's page.`);
        showSnackbar("Error saving tenant admin", "error");
        router.push(tenantPage);
        return;
      }
      showSnackbar("Tenant admin saved", "success");
    }
    setBusy(false);
    setOpen(false);
    router.push(tenantPage);
  }

  return (
    <>
      <Button
        size="sm"
        onClick={() => {
          setValues(EMPTY);
          setLogo(null);
          setErrors([]);
          setAlert(null);
          setOpen(true);
        }}
      >
        New tenant
      </Button>
      {open && (
        <Dialog
          open
          onOpenChange={setOpen}
          title="New tenant"
          footer={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" form="new-tenant-form" busy={busy}>
                Create tenant
              </Button>
            </>
          }
        >
          <form id="new-tenant-form" className="flex flex-col gap-4" onSubmit={submit} noValidate>
            {alert && (
              <p role="alert" className="rounded-md border border-danger bg-red-50 px-3 py-2 text-sm text-danger">
                {alert}
              </p>
            )}
            <Field label="Name" required autoComplete="off" {...bind("name")} />
            <Field label="Host prefix" autoComplete="off" hint="The first part of the tenant's host name; taken from the name when empty" {...bind("slug")} />
            <div className="flex flex-col gap-1.5">
              <label htmlFor="new-tenant-logo" className="text-sm font-medium text-slate-800">
                Logo
              </label>
              <input
                id="new-tenant-logo"
                type="file"
                accept={LOGO_ACCEPT}
                aria-describedby="new-tenant-logo-hint"
                aria-invalid={errorOf("logo") ? true : undefined}
                className="text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
                onChange={(e) => setLogo(e.target.files?.[0] ?? null)}
              />
              <p id="new-tenant-logo-hint" className="text-sm text-slate-600">
                Optional: PNG, JPEG, GIF or WebP, at most 500 KB
              </p>
              {errorOf("logo") && <p className="text-sm text-red-700">{errorOf("logo")}</p>}
            </div>
            <fieldset className="flex flex-col gap-4 rounded-md border border-slate-200 p-4">
              <legend className="px-1 text-sm font-semibold text-slate-800">Tenant admin (optional): a new user</legend>
              <Field label="First name" autoComplete="off" {...bind("firstName")} />
              <Field label="Last name" autoComplete="off" {...bind("lastName")} />
              <Field label="Email" type="email" autoComplete="off" {...bind("email")} />
            </fieldset>
          </form>
        </Dialog>
      )}
    </>
  );
}
