import type { FEATURES } from "@/db/schema/identity";
import { forbidden } from "@/lib/platform/errors";

/**
 * Feature flags (platform §3: delivered with the profile, per user in user_features). A flagged
 * feature is checked after the permission: without the flag its calls answer 403 and its pages hide
 * the entry to it.
 */
type Feature = (typeof FEATURES)[number];

export const RATING_SHEET_FEATURE: Feature = "KRA_APP_CAPTURE_RATINGS_SHEET";

const FEATURE_OFF = "This feature is not enabled for your account";

export function hasFeature(holder: { features: readonly string[] }, feature: Feature): boolean {
  return holder.features.includes(feature);
}

export function requireFeature(holder: { features: readonly string[] }, feature: Feature): void {
  if (!hasFeature(holder, feature)) throw forbidden(FEATURE_OFF);
}
