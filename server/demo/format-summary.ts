// What `npm run seed:demo` prints for a person: how to sign in first, then
// what the account holds and where to find it.
import { formatAmount } from "@/server/services/billing/apply-payment-outcome";
import { planById } from "@/server/services/billing/catalog";
import type { DemoAccount } from "./seed-demo-account";

export type DemoSummary = DemoAccount & { appUrl: string; appRunning: boolean; database: string };

export function formatDemoSummary(summary: DemoSummary): string {
  const { appUrl } = summary;
  const relays = summary.relays.map(
    (relay) => `${relay.name}: ${relay.host}:${relay.port}, ${relay.status}${relay.isDefault ? ", default" : ""}`,
  );
  const lines = [
    `Demo account created (${summary.database === "embedded" ? "embedded database" : "DATABASE_URL"}).`,
    "",
    `  Sign in   ${appUrl}/sign-in`,
    `  Email     ${summary.email}`,
    `  Password  ${summary.password}`,
    `  API key   ${summary.apiKey.secret}   (scope "${summary.apiKey.scope}"; shown only now)`,
    "",
    `  Plan      ${planById(summary.plan.id).name}, ${summary.plan.status}${summary.plan.periodEnd ? ` until ${summary.plan.periodEnd.slice(0, 10)}` : ""}; invoice ${summary.invoice.number} (${formatAmount(summary.invoice.amount, summary.invoice.currency)})   ${appUrl}/billing`,
    `  Domains   ${summary.domains.map((domain) => `${domain.name} (${domain.status})`).join(", ")}   ${appUrl}/domains`,
    `  Relays    ${relays.join("; ")}   ${appUrl}/relays`,
    `  Messages  ${summary.messages.length} sent with the API key, delivered by the app's own email transport (the default relay is paused)   ${appUrl}/messages`,
    `  Ticket    ${summary.ticket.reference} "${summary.ticket.subject}"   ${appUrl}/support`,
    `  Activity  every step above is in ${appUrl}/activity`,
    "",
    summary.appRunning
      ? `The app is running at ${appUrl}; queued messages and emails are on their way (outside production: ${appUrl}/dev/mail).`
      : `The app is not answering at ${appUrl}: start it with \`npm start\` to sign in. Queued messages and emails go out once it runs.`,
  ];
  return lines.join("\n");
}
