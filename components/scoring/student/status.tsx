"use client";

import { useState } from "react";
import { cn } from "@/components/ui/cn";

export type Status = { tone: "success" | "error"; text: string } | null;

/** A form's result line: always in the page, so screen readers announce each new message. */
export function StatusMessage({ status, className }: { status: Status; className?: string }) {
  return (
    <p aria-live="polite" className={cn("min-h-5 text-sm", status?.tone === "error" ? "font-medium text-danger" : "text-green-800", className)}>
      {status?.text}
    </p>
  );
}

export function useStatus() {
  return useState<Status>(null);
}
