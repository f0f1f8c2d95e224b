// Every endpoint of the public API, in documentation order. A unit test checks
// that this list and the route files under app/api/v1 describe the same API.
import type { Endpoint } from "../endpoint";
import * as apiKeys from "./api-keys";
import * as auth from "./auth";
import * as billing from "./billing";
import * as dashboard from "./dashboard";
import * as emailConfirmation from "./email-confirmation";
import * as emailSignIn from "./email-sign-in";
import * as events from "./events";
import * as health from "./health";
import * as invoices from "./invoices";
import * as mailboxCredentials from "./mailbox-credentials";
import * as mailboxes from "./mailboxes";
import * as mailboxCompose from "./mailbox-compose";
import * as mailboxFolders from "./mailbox-folders";
import * as mailboxMessages from "./mailbox-messages";
import * as mailboxSpam from "./mailbox-spam";
import * as mailboxRules from "./mailbox-rules";
import * as messages from "./messages";
import * as sendingDomains from "./sending-domains";
import * as oauth from "./oauth";
import * as sessions from "./sessions";
import * as support from "./support";
import * as suppressions from "./suppressions";
import * as settings from "./settings";
import * as smtpAccess from "./smtp-access";
import * as smtpRelays from "./smtp-relays";
import * as stats from "./stats";
import * as teams from "./teams";
import * as templates from "./templates";
import * as testSender from "./test-sender";
import * as topics from "./topics";
import * as twoFactor from "./two-factor";

export const endpoints = [
  auth.register,
  auth.login,
  auth.refresh,
  auth.logout,
  auth.getMe,
  emailSignIn.sendSignInCode,
  emailSignIn.verifySignInCode,
  emailSignIn.sendMagicLink,
  emailSignIn.verifyMagicLink,
  emailSignIn.forgotPassword,
  emailSignIn.resetPassword,
  oauth.listOAuthProviders,
  oauth.startGoogleSignIn,
  oauth.completeGoogleSignIn,
  oauth.startGithubSignIn,
  oauth.completeGithubSignIn,
  oauth.exchangeOAuthCode,
  twoFactor.completeTwoFactorChallenge,
  twoFactor.reauthenticate,
  settings.getProfile,
  settings.updateProfile,
  settings.changePassword,
  settings.updateSecurityPreferences,
  settings.listActivity,
  dashboard.getOnboardingProfile,
  settings.deleteAccount,
  settings.cancelAccountDeletion,
  teams.listMembers,
  teams.changeMemberRole,
  teams.removeMember,
  teams.inviteMember,
  teams.listInvitations,
  teams.revokeInvitation,
  teams.acceptInvitation,
  teams.listMemberships,
  teams.switchAccount,
  teams.leaveMembership,
  oauth.listSignInMethods,
  emailSignIn.setOtpLogin,
  twoFactor.setupTwoFactor,
  twoFactor.verifyTwoFactor,
  twoFactor.disableTwoFactor,
  sessions.listSessions,
  sessions.revokeSession,
  sessions.revokeAllSessions,
  messages.sendMessage,
  messages.sendMessageBatch,
  messages.listMessages,
  messages.getMessage,
  messages.rescheduleMessage,
  messages.cancelMessage,
  stats.getSendingStats,
  stats.listReputationWarnings,
  suppressions.listSuppressions,
  suppressions.addSuppression,
  suppressions.removeSuppression,
  templates.listTemplates,
  templates.createTemplate,
  templates.getTemplate,
  templates.replaceTemplate,
  templates.deleteTemplate,
  templates.getTemplateVersion,
  templates.renderTemplate,
  templates.previewTemplate,
  templates.listTemplateVersions,
  topics.listTopics,
  topics.createTopic,
  topics.updateTopic,
  topics.deleteTopic,
  topics.listSubscriptions,
  topics.putSubscriptions,
  events.listEvents,
  events.streamEvents,
  mailboxFolders.listMailboxFolders,
  mailboxFolders.createMailboxFolder,
  mailboxFolders.renameMailboxFolder,
  mailboxFolders.deleteMailboxFolder,
  mailboxMessages.listMailboxMessages,
  mailboxMessages.getMailboxMessage,
  mailboxMessages.updateMailboxMessage,
  mailboxMessages.unsubscribeFromList,
  mailboxMessages.deleteMailboxMessage,
  mailboxCompose.sendFromMailbox,
  mailboxCompose.saveMailboxDraft,
  mailboxCompose.replaceMailboxDraft,
  smtpAccess.getSmtpAccess,
  testSender.getTestSender,
  emailConfirmation.sendEmailConfirmation,
  emailConfirmation.confirmEmail,
  apiKeys.createApiKey,
  apiKeys.listApiKeys,
  apiKeys.revokeApiKey,
  dashboard.getDashboardOverview,
  support.openSupportTicket,
  support.listSupportTickets,
  billing.listPlans,
  billing.getSubscription,
  billing.getCredits,
  billing.startCheckout,
  billing.activateSubscription,
  billing.cancelSubscription,
  billing.listInvoices,
  invoices.getInvoice,
  billing.listPaymentMethods,
  billing.verifyPayment,
  billing.receivePaymentWebhook,
  sendingDomains.listDomains,
  sendingDomains.createDomain,
  sendingDomains.getDomain,
  sendingDomains.verifyDomain,
  sendingDomains.listDmarcReports,
  sendingDomains.listDmarcSources,
  sendingDomains.deleteDomain,
  smtpRelays.listSmtpRelays,
  smtpRelays.createSmtpRelay,
  smtpRelays.getSmtpRelay,
  smtpRelays.updateSmtpRelay,
  smtpRelays.deleteSmtpRelay,
  smtpRelays.testSmtpRelay,
  mailboxes.listMailboxes,
  mailboxes.createMailbox,
  mailboxes.getMailClientSettings,
  mailboxes.getMailbox,
  mailboxes.updateMailbox,
  mailboxes.deleteMailbox,
  mailboxCredentials.createAppPassword,
  mailboxCredentials.listAppPasswords,
  mailboxCredentials.deleteAppPassword,
  mailboxRules.getMailboxRules,
  mailboxRules.putMailboxRules,
  mailboxCredentials.createMailboxAlias,
  mailboxCredentials.listMailboxAliases,
  mailboxCredentials.deleteMailboxAlias,
  mailboxSpam.getMailboxSpamSettings,
  mailboxSpam.getDomainSpamLists,
  mailboxSpam.updateDomainSpamLists,
  mailboxSpam.updateMailboxSpamSettings,
  health.getHealth,
  health.getReadiness,
] as Endpoint[];
