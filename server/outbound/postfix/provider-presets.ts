// Per-provider delivery presets of the child Postfix (docs/delivery.md,
// "Presets for the big mailbox providers"): a transport of its own for each
// provider, chosen by the recipient domain's MX hosts (not the domain, so a
// company's own domain hosted by Google or Microsoft counts too), with a cap
// on its connections and per-destination concurrency. Where each number
// comes from is in the docs.

export type ProviderPreset = {
  /** The transport's name in master.cf, and the prefix of its main.cf settings. */
  name: string;
  /** MX host names of the provider: a host is this name or ends in `.<name>`. */
  mxDomains: string[];
  /** Connections to the provider at once, over all its recipient domains (the transport's process limit). */
  connections: number;
  /** Deliveries at once to one recipient domain (`<name>_destination_concurrency_limit`). */
  destinationConcurrency: number;
  /** Pause between two deliveries to one recipient domain (`<name>_destination_rate_delay`; 0s: none). */
  rateDelay: string;
  /** Messages over one connection before it is closed (`smtp_connection_reuse_count_limit`; 0: Postfix's time limit only). */
  messagesPerConnection: number;
};

export const PROVIDER_PRESETS: ProviderPreset[] = [
  {
    name: "google",
    mxDomains: ["google.com", "googlemail.com"],
    connections: 20,
    destinationConcurrency: 10,
    rateDelay: "0s",
    messagesPerConnection: 0,
  },
  {
    name: "microsoft",
    mxDomains: ["outlook.com", "hotmail.com"],
    connections: 20,
    destinationConcurrency: 10,
    rateDelay: "0s",
    messagesPerConnection: 0,
  },
  {
    name: "yahoo",
    mxDomains: ["yahoodns.net"],
    connections: 10,
    destinationConcurrency: 5,
    rateDelay: "0s",
    messagesPerConnection: 20,
  },
  {
    name: "icloud",
    mxDomains: ["mail.icloud.com"],
    connections: 10,
    destinationConcurrency: 5,
    rateDelay: "0s",
    messagesPerConnection: 0,
  },
];

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * The access table `check_recipient_mx_access` reads at hand-off: an MX host of a provider gives the message that
 * provider's transport (`FILTER <name>:`, with no next hop, so Postfix still delivers to the recipient domain's MX).
 */
export function renderPresetTable(presets = PROVIDER_PRESETS): string {
  const lines = presets.flatMap((preset) =>
    preset.mxDomains.map((domain) => `/(^|\\.)${escapeRegExp(domain)}\\.?$/ FILTER ${preset.name}:`),
  );
  return `${lines.join("\n")}\n`;
}

/** main.cf settings of the presets' transports (read by the queue manager, per transport name). */
export function presetMainCfLines(presets = PROVIDER_PRESETS): string[] {
  return presets.flatMap((preset) => [
    `${preset.name}_destination_concurrency_limit = ${preset.destinationConcurrency}`,
    `${preset.name}_destination_rate_delay = ${preset.rateDelay}`,
  ]);
}

/** master.cf services: an smtp client per preset, its process limit the preset's connections, logging as postfix/<name>. */
export function presetServices(chroot: "y" | "n", presets = PROVIDER_PRESETS): string[][] {
  return presets.map((preset) => [
    preset.name,
    "unix",
    "-",
    "-",
    chroot,
    "-",
    String(preset.connections),
    "smtp",
    `-o syslog_name=postfix/${preset.name}`,
    ...(preset.messagesPerConnection > 0 ? [`-o smtp_connection_reuse_count_limit=${preset.messagesPerConnection}`] : []),
  ]);
}
