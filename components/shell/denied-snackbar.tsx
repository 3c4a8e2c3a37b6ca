"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { useSnackbar } from "@/components/ui/snackbar";
import { deniedMessage } from "@/lib/shell/messages";

/**
 * Arrival with `?denied=<path>` (a page the person may not open) shows the spec's error snackbar
 * once, then drops the parameter so a reload does not repeat it.
 */
export function DeniedSnackbar() {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const denied = params.get("denied");

  useEffect(() => {
    if (!denied) return;
    showSnackbar(deniedMessage(denied.slice(0, 200)), "error");
    const rest = new URLSearchParams(params.toString());
    rest.delete("denied");
    const query = rest.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }, [denied, params, pathname, router, showSnackbar]);

  return null;
}
