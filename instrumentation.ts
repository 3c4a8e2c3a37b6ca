/** Runs once when the Next server starts; the start-up itself is Node-only (instrumentation-node.ts). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("./instrumentation-node");
  await boot();
}
