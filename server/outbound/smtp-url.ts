// An smtp:// or smtps:// URL as nodemailer's connection options. Given
// `url`, nodemailer builds the transport from the URL alone and drops every
// option beside it (pool, timeouts, ignoreTLS, DKIM), so the URL is read
// here, by nodemailer's own parser (options in its query, such as
// `tls.rejectUnauthorized`, still count), and the caller lays its options over it.
import { parseConnectionUrl } from "nodemailer/lib/shared";

export const smtpUrlOptions = (url: string) => parseConnectionUrl(url);
