import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/next-auth";

type Context = { params: Promise<{ nextauth: string[] }> };

// Built on the first request, not at import: configuration is read at run time, never during the build.
let handler: ((req: NextRequest, ctx: Context) => Promise<Response>) | undefined;

function nextAuth(req: NextRequest, ctx: Context) {
  handler ??= NextAuth(authOptions()) as unknown as typeof handler;
  return handler!(req, ctx);
}

export { nextAuth as GET, nextAuth as POST };
