// Drizzle schema, one file per area; migrations are generated from it.
export * from "./accounts";
export * from "./one-time-codes";
export * from "./rate-limits";
export * from "./two-factor";
export * from "./support-tickets";
export * from "./api-keys";
export * from "./billing";
export * from "./sending-domains";
export * from "./smtp-relays";
export * from "./messages";
export * from "./oauth";
export * from "./suppressions";
export * from "./mailboxes";
export * from "./mailbox-spam-settings";
export * from "./mx-deliveries";
export * from "./account-events";
export * from "./feed-connections";
