// The documentation's sections, in order; every endpoint's `tag` is one of these.
export const apiTags = {
  Health: "Liveness and readiness of the service.",
} as const;

export type ApiTag = keyof typeof apiTags;
