// The error codes of the API and the HTTP status each answers with
// (docs/api.md, "Errors"). Shared so the portal compares codes with the
// compiler's help and the server maps them to statuses from one table.
export const errorStatus = {
  validation_error: 400,
  invalid_or_expired_code: 400,
  invalid_or_expired_token: 400,
  invalid_token: 400,
  confirmation_required: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  two_factor_required: 401,
  invalid_two_factor_code: 401,
  refresh_token_reused: 401,
  invalid_signature: 401,
  quota_exceeded: 402,
  forbidden: 403,
  reauthentication_required: 403,
  member_two_factor_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  email_taken: 409,
  username_taken: 409,
  already_enabled: 409,
  not_enabled: 409,
  no_pending_setup: 409,
  nothing_to_cancel: 409,
  domain_exists: 409,
  domain_taken: 409,
  contact_sales: 409,
  payment_not_succeeded: 409,
  idempotency_conflict: 409,
  not_cancelable: 409,
  not_scheduled: 409,
  plan_limit: 409,
  address_taken: 409,
  folder_protected: 409,
  mailbox_full: 409,
  already_member: 409,
  in_use: 409,
  cursor_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  request_header_too_large: 431,
  rate_limited: 429,
  internal_error: 500,
  payment_provider_error: 502,
  unsubscribe_failed: 502,
  service_unavailable: 503,
  mail_storage_offline: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** Whether a code read from an answer is one of the API's (an unknown one is never trusted as one). */
export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === "string" && Object.hasOwn(errorStatus, code);

/** One invalid input: `path` is the dotted path into the request (`body.email`). */
export type FieldError = { path: string; message: string };
