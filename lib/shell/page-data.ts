import "server-only";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/platform/errors";

/** A path segment that must be a row id; anything else is the not-found page. */
export function idSegment(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) notFound();
  return Number(raw);
}

/** A page's data, or Next's not-found page when a service answers 404 (not theirs, or not there). */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
}
