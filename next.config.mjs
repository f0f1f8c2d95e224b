// Page security headers live in proxy.ts (they need a per-request CSP nonce);
// API answers get theirs from the route wrapper. nodemailer is bundled, not
// external: its deep imports (nodemailer/lib/mail-composer, …) have no file
// extension, which Node's own resolver refuses for an external ESM import, so
// `next build` warned on each.
/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pino", "pg-boss", "@node-rs/argon2", "mailparser"],
  typedRoutes: false,
};

export default nextConfig;
