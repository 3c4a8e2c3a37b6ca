import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { HttpMethod } from "@/lib/platform/openapi/document";

/** Reads stay green, changes take the brand or warning colour; the method's name carries the meaning. */
const TONES: Record<HttpMethod, BadgeTone> = { GET: "success", POST: "brand", PUT: "warning", PATCH: "warning", DELETE: "danger" };

export function MethodBadge({ method }: { method: HttpMethod }) {
  return (
    <Badge tone={TONES[method]} className="w-16 justify-center font-mono">
      {method}
    </Badge>
  );
}
