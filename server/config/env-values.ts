// The shapes environment variables take (server/config/env.ts reads them): lists,
// host names, URLs and keys, each with the message a bad value gets.
import { isIP } from "node:net";
import { z } from "zod";
import { isAllowedProviderUrl } from "@/server/security/loopback-host";

export const booleanString = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

// node:dns Resolver#setServers takes addresses only (IPv4, IPv6 in brackets when a port is given).
export const dnsServerList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().refine((entry) => {
        const match =
          /^\[([0-9a-fA-F:.]+)\](?::(\d{1,5}))?$/.exec(entry) ??
          /^([0-9.]+)(?::(\d{1,5}))?$/.exec(entry) ??
          /^([0-9a-fA-F:]+)()$/.exec(entry);
        if (!match || isIP(match[1]!) === 0) return false;
        return !match[2] || (Number(match[2]) >= 1 && Number(match[2]) <= 65535);
      }, "expected IP[:port] entries (IPv6 as [addr]:port)"),
    ),
  );

// A DNS host name (letters, digits, hyphens, underscores in labels), lower-cased.
export const hostName = z
  .string()
  .transform((value) => value.trim().toLowerCase().replace(/\.$/, ""))
  .pipe(
    z
      .string()
      .regex(
        /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?)+$/,
        "expected a host name like spf.example.com",
      ),
  );

/** A host name that may be a single label (localhost, a machine name) as well as a domain. */
export const anyHostName = z
  .string()
  .transform((value) => value.trim().toLowerCase().replace(/\.$/, ""))
  .pipe(
    z
      .string()
      .regex(
        /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
        "expected a host name like mail.example.com",
      ),
  );

export const httpUrl = z.url({ protocol: /^https?$/ });
/** Identity-provider endpoints: https, or http on a loopback address only (docs/oauth.md). */
export const providerUrl = httpUrl.refine(isAllowedProviderUrl, "must be https (http is allowed only for loopback addresses)");

export const hex64 = /^[0-9a-fA-F]{64}$/;
export const encryptionKeyList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{1,32}:[0-9a-fA-F]{64}$/, "expected id:hex64 entries")).min(1));
