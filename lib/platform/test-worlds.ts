import "server-only";
import { seedWorld, type World } from "@/db/seed/world";

/**
 * Test worlds for the journeys (tests/e2e/support.ts): each journey file seeds its own copy of the
 * demo's tenants and accounts. The route is compiled only into a build made with E2E_ROUTES=1 (the
 * test command's) and answers only in a server started with E2E_WORLDS=1 (scripts/e2e-server.mjs).
 */
export function testWorldsEnabled(): boolean {
  return process.env.E2E_WORLDS === "1";
}

let serial = 0;

/** A world under a fresh tag: the time and a counter, so two in one millisecond differ. */
export function createTestWorld(): Promise<World> {
  const tag = `w${Date.now().toString(36)}${(serial++).toString(36)}`;
  return seedWorld(tag);
}
