// A throwaway self-signed certificate for the test SMTP relays, made with
// Debian's openssl at setup time (never committed). It names localhost and
// 127.0.0.1; the app under test trusts it through RELAY_EXTRA_CA_FILE.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";

export type CertificateFiles = { keyFile: string; certFile: string };

/** Synchronous (Playwright's config needs it before the web server starts); reuses files already made in `directory`. */
export function selfSignedCertificate(directory: string): CertificateFiles {
  const keyFile = path.join(directory, "relay-key.pem");
  const certFile = path.join(directory, "relay-cert.pem");
  if (existsSync(keyFile) && existsSync(certFile)) return { keyFile, certFile };
  mkdirSync(directory, { recursive: true });
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  return { keyFile, certFile };
}
