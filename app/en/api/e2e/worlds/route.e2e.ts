import { NextResponse } from "next/server";
import { createTestWorld, testWorldsEnabled } from "@/lib/platform/test-worlds";

/** POST: a new test world (lib/platform/test-worlds.ts). Only in the test build, only in a test server. */
export async function POST() {
  if (!testWorldsEnabled()) return new NextResponse(null, { status: 404 });
  return NextResponse.json(await createTestWorld(), { status: 201 });
}
