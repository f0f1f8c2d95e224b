// Drizzle schema, one file per area; migrations are generated from it.
export * from "./accounts";
export * from "./rate-limits";
