"use client";

import { Suspense, type ReactNode } from "react";
import { SnackbarProvider } from "@/components/ui/snackbar";
import { DeniedSnackbar } from "./denied-snackbar";

/** Client-side context every page shares (public pages too: forgot-password errors use the snackbar). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider>
      {children}
      <Suspense fallback={null}>
        <DeniedSnackbar />
      </Suspense>
    </SnackbarProvider>
  );
}
