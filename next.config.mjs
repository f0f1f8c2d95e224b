// Page security headers live in proxy.ts (they need a per-request CSP nonce);
// API answers get theirs from the route wrapper.
/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "pino",
    "pg-boss",
    "nodemailer",
    "@node-rs/argon2",
    "mailparser",
  ],
  typedRoutes: false,
};

export default nextConfig;
