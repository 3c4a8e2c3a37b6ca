"use client";

import { getNonce, setNonce } from "get-nonce";
import { Suspense, useEffect, type ReactNode } from "react";
import { SnackbarProvider } from "@/components/ui/snackbar";
import { DeniedSnackbar } from "./denied-snackbar";

/**
 * Client-side context every page shares (public pages too: forgot-password errors use the snackbar).
 * The CSP nonce goes to get-nonce, which the dialogs' scroll lock stamps on the style it injects.
 */
export function Providers({ nonce, children }: { nonce?: string; children: ReactNode }) {
  // The document's first nonce only: router.refresh() renders this layout again for a new request,
  // whose nonce the page's Content-Security-Policy (fixed at load) does not allow.
  useEffect(() => {
    if (nonce && !getNonce()) setNonce(nonce);
  }, [nonce]);
  return (
    <SnackbarProvider>
      {children}
      <Suspense fallback={null}>
        <DeniedSnackbar />
      </Suspense>
    </SnackbarProvider>
  );
}
