"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSnackbar } from "@/components/ui/snackbar";
import { callApi, type Answer } from "./client";

export interface ChangeTexts<T> {
  /** The snackbar's text after a success, or how to read it from the answer (the server's own words); none when the component says it another way. */
  success?: string | ((data: T) => string);
  /** The snackbar's text after a failure where the spec names one; else the answer's own (spec §8). */
  failure?: string;
  /** The failure's text only when the answer says nothing of its own (callApi's fallback). */
  fallback?: string;
  /** Whether the page's server parts render again after a success (default true). */
  refresh?: boolean;
}

/**
 * A client component's changes through the API, the way every form and button does them: `busy`
 * while a change runs; then the snackbar says how it went, and after a success the page's server
 * parts render again (`router.refresh()`). `change` answers callApi's answer, for what only the
 * caller knows: field errors under inputs, closing a dialog, clearing a form.
 */
export function useChange() {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);

  async function change<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    { success, failure, fallback, refresh = true }: ChangeTexts<T> = {},
  ): Promise<Answer<T>> {
    setBusy(true);
    const answer = await callApi<T>(method, path, body, { fallback });
    setBusy(false);
    if (!answer.ok) showSnackbar(failure ?? answer.message, "error");
    else {
      if (success) showSnackbar(typeof success === "function" ? success(answer.data) : success, "success");
      if (refresh) router.refresh();
    }
    return answer;
  }

  return { busy, change };
}
