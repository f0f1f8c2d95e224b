// Zod-free handles on endpoint declarations, for every portal call from the
// browser (forms load their schemas on first submit: lazyZodResolver).
// Importing a declaration module brings zod and every schema of that module
// into the browser (≈ 40 kB gzip and a long task building them on the first
// paint); a ref carries only what the request needs, and the declaration's types.
// portalFetch does not parse such an answer again in the browser: the route
// wrapper has already shaped it with the same response schema before sending.
// tests/unit/endpoint-refs.unit.test.ts checks every ref against its declaration.
import type { Endpoint } from "./endpoint";
import type * as apiKeys from "./endpoints/api-keys";
import type * as auth from "./endpoints/auth";
import type * as billing from "./endpoints/billing";
import type * as dashboard from "./endpoints/dashboard";
import type * as emailConfirmation from "./endpoints/email-confirmation";
import type * as emailSignIn from "./endpoints/email-sign-in";
import type * as invoices from "./endpoints/invoices";
import type * as messages from "./endpoints/messages";
import type * as oauth from "./endpoints/oauth";
import type * as sendingDomains from "./endpoints/sending-domains";
import type * as sessions from "./endpoints/sessions";
import type * as smtpRelays from "./endpoints/smtp-relays";
import type * as support from "./endpoints/support";
import type * as testSender from "./endpoints/test-sender";
import type * as settings from "./endpoints/settings";
import type * as twoFactor from "./endpoints/two-factor";

/** What a request needs from a declaration; `declaration` exists only in the type. */
export type EndpointRef<E extends Endpoint = Endpoint> = Pick<E, "method" | "path" | "operationId"> & { readonly declaration?: E };

const refTo = <E extends Endpoint>(ref: Pick<E, "method" | "path" | "operationId">): EndpointRef<E> => ref;

export const getMe = refTo<typeof auth.getMe>({ method: "GET", path: "/auth/me", operationId: "getMe" });
export const cancelAccountDeletion = refTo<typeof settings.cancelAccountDeletion>({
  method: "POST",
  path: "/account/deletion/cancel",
  operationId: "cancelAccountDeletion",
});
export const deleteAccount = refTo<typeof settings.deleteAccount>({ method: "DELETE", path: "/account", operationId: "deleteAccount" });
export const reauthenticate = refTo<typeof twoFactor.reauthenticate>({ method: "POST", path: "/auth/reauthenticate", operationId: "reauthenticate" });
export const sendSignInCode = refTo<typeof emailSignIn.sendSignInCode>({ method: "POST", path: "/auth/otp/send", operationId: "sendSignInCode" });
export const sendMagicLink = refTo<typeof emailSignIn.sendMagicLink>({ method: "POST", path: "/auth/magic-link/send", operationId: "sendMagicLink" });
export const forgotPassword = refTo<typeof emailSignIn.forgotPassword>({ method: "POST", path: "/auth/password/forgot", operationId: "forgotPassword" });
export const resetPassword = refTo<typeof emailSignIn.resetPassword>({ method: "POST", path: "/auth/password/reset", operationId: "resetPassword" });
export const getDashboardOverview = refTo<typeof dashboard.getDashboardOverview>({
  method: "GET",
  path: "/dashboard/overview",
  operationId: "getDashboardOverview",
});
export const listSessions = refTo<typeof sessions.listSessions>({ method: "GET", path: "/auth/sessions", operationId: "listSessions" });
export const revokeSession = refTo<typeof sessions.revokeSession>({
  method: "DELETE",
  path: "/auth/sessions/{session_id}",
  operationId: "revokeSession",
});
export const revokeAllSessions = refTo<typeof sessions.revokeAllSessions>({
  method: "POST",
  path: "/auth/sessions/revoke-all",
  operationId: "revokeAllSessions",
});

// The settings page (/settings).
export const updateProfile = refTo<typeof settings.updateProfile>({ method: "PUT", path: "/account/profile", operationId: "updateProfile" });
export const changePassword = refTo<typeof settings.changePassword>({ method: "PUT", path: "/account/password", operationId: "changePassword" });
export const updateSecurityPreferences = refTo<typeof settings.updateSecurityPreferences>({
  method: "PUT",
  path: "/account/security-preferences",
  operationId: "updateSecurityPreferences",
});

// The API keys page (/api-keys).
export const listApiKeys = refTo<typeof apiKeys.listApiKeys>({ method: "GET", path: "/sending/api-keys", operationId: "listApiKeys" });
export const createApiKey = refTo<typeof apiKeys.createApiKey>({ method: "POST", path: "/sending/api-keys", operationId: "createApiKey" });
export const revokeApiKey = refTo<typeof apiKeys.revokeApiKey>({ method: "DELETE", path: "/sending/api-keys/{key_id}", operationId: "revokeApiKey" });

// The domains page (/domains); the API keys page lists them too.
export const listDomains = refTo<typeof sendingDomains.listDomains>({ method: "GET", path: "/sending/domains", operationId: "listDomains" });
export const createDomain = refTo<typeof sendingDomains.createDomain>({ method: "POST", path: "/sending/domains", operationId: "createDomain" });
export const verifyDomain = refTo<typeof sendingDomains.verifyDomain>({
  method: "POST",
  path: "/sending/domains/{domain_id}/verify",
  operationId: "verifyDomain",
});
export const deleteDomain = refTo<typeof sendingDomains.deleteDomain>({ method: "DELETE", path: "/sending/domains/{domain_id}", operationId: "deleteDomain" });

// The messages pages (/messages, /messages/[message_id]).
export const listMessages = refTo<typeof messages.listMessages>({ method: "GET", path: "/sending/messages", operationId: "listMessages" });
export const getMessage = refTo<typeof messages.getMessage>({ method: "GET", path: "/sending/messages/{message_id}", operationId: "getMessage" });

// The first email: the dashboard's one-click test email and the new key's snippets.
export const sendMessage = refTo<typeof messages.sendMessage>({ method: "POST", path: "/sending/messages", operationId: "sendMessage" });
export const sendEmailConfirmation = refTo<typeof emailConfirmation.sendEmailConfirmation>({
  method: "POST",
  path: "/account/email/confirmation",
  operationId: "sendEmailConfirmation",
});
export const confirmEmail = refTo<typeof emailConfirmation.confirmEmail>({ method: "POST", path: "/account/email/confirm", operationId: "confirmEmail" });
export const getTestSender = refTo<typeof testSender.getTestSender>({ method: "GET", path: "/sending/test-sender", operationId: "getTestSender" });

// The billing pages (/billing, /billing/return).
export const getSubscription = refTo<typeof billing.getSubscription>({ method: "GET", path: "/billing/subscription", operationId: "getSubscription" });
export const listPlans = refTo<typeof billing.listPlans>({ method: "GET", path: "/billing/plans", operationId: "listPlans" });
export const listInvoices = refTo<typeof billing.listInvoices>({ method: "GET", path: "/billing/invoices", operationId: "listInvoices" });
export const getInvoice = refTo<typeof invoices.getInvoice>({ method: "GET", path: "/billing/invoices/{invoice_id}", operationId: "getInvoice" });
export const listPaymentMethods = refTo<typeof billing.listPaymentMethods>({ method: "GET", path: "/payments/methods", operationId: "listPaymentMethods" });
export const getCredits = refTo<typeof billing.getCredits>({ method: "GET", path: "/billing/credits", operationId: "getCredits" });
export const startCheckout = refTo<typeof billing.startCheckout>({ method: "POST", path: "/billing/checkout", operationId: "startCheckout" });
export const cancelSubscription = refTo<typeof billing.cancelSubscription>({
  method: "POST",
  path: "/subscriptions/cancel",
  operationId: "cancelSubscription",
});
export const verifyPayment = refTo<typeof billing.verifyPayment>({ method: "POST", path: "/payments/verify", operationId: "verifyPayment" });
export const activateSubscription = refTo<typeof billing.activateSubscription>({
  method: "POST",
  path: "/subscriptions/activate",
  operationId: "activateSubscription",
});

// The activity page (/activity).
export const listActivity = refTo<typeof settings.listActivity>({ method: "GET", path: "/account/activity", operationId: "listActivity" });

// The SMTP relays page (/relays).
export const listSmtpRelays = refTo<typeof smtpRelays.listSmtpRelays>({ method: "GET", path: "/smtp-relays", operationId: "listSmtpRelays" });
export const createSmtpRelay = refTo<typeof smtpRelays.createSmtpRelay>({ method: "POST", path: "/smtp-relays", operationId: "createSmtpRelay" });
export const updateSmtpRelay = refTo<typeof smtpRelays.updateSmtpRelay>({ method: "PATCH", path: "/smtp-relays/{id}", operationId: "updateSmtpRelay" });
export const testSmtpRelay = refTo<typeof smtpRelays.testSmtpRelay>({ method: "POST", path: "/smtp-relays/{id}/test", operationId: "testSmtpRelay" });
export const deleteSmtpRelay = refTo<typeof smtpRelays.deleteSmtpRelay>({ method: "DELETE", path: "/smtp-relays/{id}", operationId: "deleteSmtpRelay" });

// The support page (/support).
export const openSupportTicket = refTo<typeof support.openSupportTicket>({ method: "POST", path: "/support", operationId: "openSupportTicket" });
export const listSupportTickets = refTo<typeof support.listSupportTickets>({ method: "GET", path: "/support/tickets", operationId: "listSupportTickets" });

// The security page (/security).
export const setOtpLogin = refTo<typeof emailSignIn.setOtpLogin>({ method: "PUT", path: "/account/otp-login", operationId: "setOtpLogin" });
export const listSignInMethods = refTo<typeof oauth.listSignInMethods>({ method: "GET", path: "/account/sign-in-methods", operationId: "listSignInMethods" });
export const setupTwoFactor = refTo<typeof twoFactor.setupTwoFactor>({ method: "POST", path: "/account/2fa/setup", operationId: "setupTwoFactor" });
export const verifyTwoFactor = refTo<typeof twoFactor.verifyTwoFactor>({ method: "POST", path: "/account/2fa/verify", operationId: "verifyTwoFactor" });
export const disableTwoFactor = refTo<typeof twoFactor.disableTwoFactor>({ method: "POST", path: "/account/2fa/disable", operationId: "disableTwoFactor" });
