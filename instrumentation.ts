/**
 * Runs once when the Next server starts (Node runtime only): migrate, load demo data into an empty
 * database, start the job workers in-process, then print where to sign in.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("./lib/boot");
  await boot();
}
