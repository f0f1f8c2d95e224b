// The recipient addresses a stored message names: its to, cc and bcc as bare
// addresses, in lower case, each once, in that order. The message's detail
// view, the MX's return-path check and the attribution of its reports all
// read a message's recipients this way.
import { addressOf } from "@/shared/schemas/messages";

export function recipientAddressesOf(message: { to: string[]; cc: string[]; bcc: string[] }): string[] {
  const addresses = [...message.to, ...message.cc, ...message.bcc].flatMap((mailbox) => addressOf(mailbox)?.toLowerCase() ?? []);
  return [...new Set(addresses)];
}
