import type { Access } from "@/lib/platform/openapi/reference";

/** Who may call an operation, in words. */
export function AccessLine({ access }: { access: Access }) {
  if (access.kind === "public") return <>Anyone: no sign-in needed.</>;
  if (access.kind === "signed-in") return <>Any signed-in person (bearer jwt or session cookie); the answer covers only their tenant and reach.</>;
  return (
    <>
      People with the permission <code className="font-mono text-[0.85em] text-slate-900">{access.permission}</code>: {access.roles}.
    </>
  );
}
