"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "./cn";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons of the dialog, right-aligned under the content. */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
}

const widths = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-3xl" };

/** A modal dialog: focus trapped inside, Escape and the close button close it, focus returns to the opener. */
export function Dialog({ open, onOpenChange, title, description, children, footer, size = "md" }: DialogProps) {
  // No Radix trigger here (callers open dialogs from their own buttons), so Radix cannot return focus
  // by itself: remember what had focus when the dialog opened and give it back on close or unmount.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(
    () => () => {
      const el = opener.current;
      if (el?.isConnected && (!document.activeElement || document.activeElement === document.body)) el.focus();
    },
    [],
  );
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 animate-page-fade bg-slate-900/50" />
        <RadixDialog.Content
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col",
            "animate-page-fade rounded-lg bg-white shadow-xl",
            widths[size],
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            // Radix would focus its (absent) trigger. A caller that already placed focus (the grid's
            // cell, a list's next button) keeps it; else the opener gets it back.
            event.preventDefault();
            const el = opener.current;
            opener.current = null;
            const placed = document.activeElement && document.activeElement !== document.body;
            if (!placed && el?.isConnected) el.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description && <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>}
            </div>
            <RadixDialog.Close className="-mr-2 rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900" aria-label="Close">
              <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true" fill="currentColor">
                <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
              </svg>
            </RadixDialog.Close>
          </div>
          {children && <div className="overflow-y-auto px-6 py-4">{children}</div>}
          {footer && <div className="flex justify-end gap-3 border-t border-slate-200 px-6 py-4">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
