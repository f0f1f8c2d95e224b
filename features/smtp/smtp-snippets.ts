// Ready-to-paste SMTP settings for common frameworks, filled in with this
// deployment's host and port. The key is read from the environment, never
// pasted into code.
import type { SmtpAccess } from "@/shared/schemas/smtp-access";

export type Snippet = { id: string; title: string; code: string };

export function smtpSnippets(access: SmtpAccess): Snippet[] {
  const starttls = access.ports.find((port) => port.security === "starttls");
  const port = starttls ?? access.ports[0];
  if (!port) return [];
  const implicitTls = port.security === "ssl_tls";
  return [
    {
      id: "nodemailer",
      title: "Node.js (nodemailer)",
      code: `import nodemailer from "nodemailer";

const transporter = nodemailer.createTransport({
  host: "${access.host}",
  port: ${port.port},
  secure: ${implicitTls},${implicitTls ? "" : "\n  requireTLS: true,"}
  auth: { user: "${access.username}", pass: process.env.CES_API_KEY },
});

await transporter.sendMail({
  from: "Acme <hello@your-domain.example>",
  to: "ada@example.com",
  subject: "Hello over SMTP",
  text: "It works.",
});`,
    },
    {
      id: "django",
      title: "Django (settings.py)",
      code: `EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
EMAIL_HOST = "${access.host}"
EMAIL_PORT = ${port.port}
${implicitTls ? "EMAIL_USE_SSL = True" : "EMAIL_USE_TLS = True"}
EMAIL_HOST_USER = "${access.username}"
EMAIL_HOST_PASSWORD = os.environ["CES_API_KEY"]`,
    },
    {
      id: "rails",
      title: "Rails (config/environments/production.rb)",
      code: `config.action_mailer.delivery_method = :smtp
config.action_mailer.smtp_settings = {
  address: "${access.host}",
  port: ${port.port},
  user_name: "${access.username}",
  password: ENV.fetch("CES_API_KEY"),
  authentication: :plain,
  ${implicitTls ? "tls: true" : "enable_starttls: true"}
}`,
    },
  ];
}
