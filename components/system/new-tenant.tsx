"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useSnackbar } from "@/components/ui/snackbar";
import type { FieldError } from "@/lib/platform/errors";
import { send } from "./send";

const EMPTY = { name: "", slug: "", logoUrl: "", firstName: "", lastName: "", email: "" };

/**
 * New tenant, optionally with a new user who becomes its tenant admin (spec §4: a tenant save with
 * a new user then creates a tenant admin): two calls, each with its own snackbar. A failed admin
 * keeps the saved tenant and says so.
 */
export function NewTenant() {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const bind = (name: keyof typeof EMPTY) => ({ name, value: values[name], error: errorOf(name), onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })) });
  const withAdmin = Boolean(values.firstName || values.lastName || values.email);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors([]);
    setAlert(null);
    const tenant = await send<{ tenant: { id: number } }>("POST", "/tenants", { name: values.name, slug: values.slug.trim() || undefined, logoUrl: values.logoUrl || null });
    if (!tenant.ok) {
      setBusy(false);
      setErrors(tenant.errors);
      setAlert(tenant.message);
      showSnackbar("Error saving tenant", "error");
      return;
    }
    showSnackbar("Tenant saved", "success");
    if (withAdmin) {
      const admin = await send("POST", "/tenant-admins", { tenantId: tenant.data.tenant.id, firstName: values.firstName, lastName: values.lastName, email: values.email });
      if (!admin.ok) {
        setBusy(false);
        setErrors(admin.errors);
        setAlert(`The tenant was saved; its admin was not: ${admin.message}. Add the admin on the tenant's page.`);
        showSnackbar("Error saving tenant admin", "error");
        router.push(`/system/tenants/${tenant.data.tenant.id}`);
        return;
      }
      showSnackbar("Tenant admin saved", "success");
    }
    setBusy(false);
    setOpen(false);
    router.push(`/system/tenants/${tenant.data.tenant.id}`);
  }

  return (
    <>
      <Button
        size="sm"
        onClick={() => {
          setValues(EMPTY);
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
            <Field label="Logo URL" autoComplete="off" hint="https://… or a path on this site" {...bind("logoUrl")} />
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
