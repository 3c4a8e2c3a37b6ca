"use server";

import { revalidatePath } from "next/cache";
import { switchActiveRoleAction } from "@/lib/auth/actions";

/**
 * The header's area switch: auth's role switch, after dropping the browser's cached pages, whose
 * prefetched layouts still show the previous area.
 */
export async function switchAreaAction(form: FormData): Promise<void> {
  revalidatePath("/", "layout");
  await switchActiveRoleAction(form);
}
