// The certificate every mail listener serves. Production names its files
// (MAIL_TLS_CERT_FILE, MAIL_TLS_KEY_FILE); elsewhere a self-signed pair for
// MAIL_HOSTNAME is made once with openssl and kept under DATA_DIR, so mail
// clients can try STARTTLS and implicit TLS on a laptop (docs/smtp.md).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import type { Env } from "@/server/config/env";

export type TlsCredentials = { cert: Buffer; key: Buffer; generated: boolean };

/**
 * The suites every mail listener offers, in the server's order (docs/security.md,
 * "TLS on the mail ports"): Mozilla's "intermediate" list without DHE (no DH
 * parameters are configured), so TLS 1.2 gets ECDHE with AES-GCM or
 * ChaCha20-Poly1305 only: no static RSA key exchange, no CBC, no SHA-1.
 */
export const MAIL_TLS_CIPHERS = {
  tls12: [
    "ECDHE-ECDSA-AES128-GCM-SHA256",
    "ECDHE-RSA-AES128-GCM-SHA256",
    "ECDHE-ECDSA-AES256-GCM-SHA384",
    "ECDHE-RSA-AES256-GCM-SHA384",
    "ECDHE-ECDSA-CHACHA20-POLY1305",
    "ECDHE-RSA-CHACHA20-POLY1305",
  ].join(":"),
  tls13: ["TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256"].join(":"),
};

/** A self-signed pair for `hostname` (plus localhost and 127.0.0.1) in `directory`, made once with openssl and reused after. */
export function selfSignedCertificateFiles(directory: string, hostname: string): { certFile: string; keyFile: string } {
  const certFile = path.join(directory, `${hostname}.crt`);
  const keyFile = path.join(directory, `${hostname}.key`);
  if (existsSync(certFile) && existsSync(keyFile)) return { certFile, keyFile };
  // Only the key's own directory is private: parents made here keep the usual mode (mkdir's mode applies to every level it creates).
  mkdirSync(path.dirname(directory), { recursive: true });
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const names = [isIP(hostname) ? `IP:${hostname}` : `DNS:${hostname}`, "DNS:localhost", "IP:127.0.0.1"];
  try {
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
        "825",
      ].concat(["-subj", `/CN=${hostname}`, "-addext", `subjectAltName=${[...new Set(names)].join(",")}`]),
      { stdio: "ignore" },
    );
  } catch (error) {
    throw new Error(
      `could not generate a self-signed mail certificate with openssl (${(error as Error).message}); install openssl or set MAIL_TLS_CERT_FILE and MAIL_TLS_KEY_FILE`,
    );
  }
  return { certFile, keyFile };
}

export function mailTlsCredentials(config: Pick<Env, "mail" | "dataDir">): TlsCredentials {
  const files = config.mail.tls ?? selfSignedCertificateFiles(path.join(config.dataDir, "mail-tls"), config.mail.hostname);
  return { cert: readFileSync(files.certFile), key: readFileSync(files.keyFile), generated: !config.mail.tls };
}
