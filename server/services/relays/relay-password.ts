// Relay passwords at rest: AES-256-GCM through the shared key service, bound
// to the account and relay so a sealed value cannot be moved to another row.
import { decryptSecret, encryptSecret } from "@/server/security/encryption";

const bindingOf = (accountId: string, relayId: string) => `smtp_relay:${accountId}:${relayId}`;

export function sealRelayPassword(password: string, accountId: string, relayId: string): string {
  return encryptSecret(password, bindingOf(accountId, relayId));
}

export function openRelayPassword(sealed: string, accountId: string, relayId: string): string {
  return decryptSecret(sealed, bindingOf(accountId, relayId));
}
