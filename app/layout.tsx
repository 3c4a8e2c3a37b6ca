import type { Metadata } from "next";
import { headers } from "next/headers";
import { Providers } from "@/components/shell/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Assessment Platform", template: "%s · Assessment Platform" },
  description: "Kindergarten readiness and early literacy assessments",
};

/**
 * Reading the request's nonce (proxy.ts) renders every page per request, as the CSP needs: a page
 * prerendered at build time would carry scripts without this request's nonce.
 */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <Providers nonce={nonce}>{children}</Providers>
      </body>
    </html>
  );
}
