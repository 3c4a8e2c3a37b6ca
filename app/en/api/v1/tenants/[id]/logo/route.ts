import { Readable } from "node:stream";
import { apiRoute, publicRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { idParams, tenantResponse } from "@/lib/system/admin-schemas";
import { readLogoForm, readTenantLogo, setTenantLogo } from "@/lib/system/tenant-logo";

/** The tenant's uploaded logo, open to anyone: the sign-in page shows it before a session exists. */
export const GET = publicRoute(
  {
    summary: "A tenant's uploaded logo (PNG, JPEG, GIF or WebP); its logoUrl names this path with a version",
    tags: ["System administration"],
    params: idParams,
    content: "image/*",
    errors: [404],
  },
  async ({ params }) => {
    const logo = await readTenantLogo(params.id);
    const headers = new Headers({ "content-type": logo.contentType, "content-length": String(logo.size), "cache-control": "public, max-age=86400" });
    return new Response(Readable.toWeb(logo.body) as ReadableStream<Uint8Array>, { status: 200, headers });
  },
);

export const POST = apiRoute(
  {
    summary:
      "Upload a tenant's logo: multipart/form-data with one field `file`, a PNG, JPEG, GIF or WebP image of at most 500 KB (by its bytes, not its name); the tenant's logoUrl then points at it",
    tags: ["System administration"],
    permission: "system.tenants",
    params: idParams,
    response: tenantResponse,
  },
  async ({ actor, params, req, requestId }) => ({ tenant: await setTenantLogo(actor, params.id, await readLogoForm(req), originOf(req, requestId)) }),
);
