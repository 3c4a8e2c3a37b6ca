/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg-boss", "postgres", "@node-rs/argon2", "nodemailer"],
  poweredByHeader: false,
  devIndicators: false,
};

export default nextConfig;
