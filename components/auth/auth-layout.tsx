import type { ReactNode } from "react";
import type { TenantBranding } from "@/lib/auth/tenants";

interface Props {
  branding: TenantBranding;
  title: string;
  children: ReactNode;
}

/** The frame of the public pages: the tenant's main and sub logo, a card with the page, the support link. */
export function AuthLayout({ branding, title, children }: Props) {
  return (
    <main id="main-content" className="flex min-h-screen items-start justify-center px-4 py-10 tablet:items-center">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center gap-3">
          {/* Plain images: next/image adds a style attribute, which the CSP refuses; these SVGs are not optimised anyway. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={branding.logoUrl} alt={`${branding.name} logo`} width={320} height={96} fetchPriority="high" className="h-20 w-auto" />
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={branding.subLogoUrl} alt="Kindergarten Readiness and Early Literacy" width={320} height={48} className="h-10 w-auto" />
        </div>
        <section aria-labelledby="auth-title" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 tablet:p-8">
          <h1 id="auth-title" className="mb-6 text-2xl font-semibold text-slate-900">
            {title}
          </h1>
          {children}
        </section>
        <p className="mt-6 text-center text-sm text-slate-700">
          Need help?{" "}
          <a href={branding.supportUrl} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Contact technical support
          </a>
        </p>
      </div>
    </main>
  );
}

/** A status line above a form (arrival reason, success); errors use role="alert" instead. */
export function Notice({ tone, children }: { tone: "info" | "error" | "success"; children: ReactNode }) {
  const styles = {
    info: "border-brand-200 bg-brand-50 text-brand-900",
    error: "border-red-200 bg-red-50 text-red-900",
    success: "border-green-200 bg-green-50 text-green-900",
  }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`mb-4 rounded-md border px-3 py-2 text-sm ${styles}`}>
      {children}
    </div>
  );
}
