// Every endpoint of the public API, in documentation order. A unit test checks
// that this list and the route files under app/api/v1 describe the same API.
import type { Endpoint } from "../endpoint";
import * as auth from "./auth";
import * as dashboard from "./dashboard";
import * as emailSignIn from "./email-sign-in";
import * as health from "./health";
import * as sessions from "./sessions";
import * as support from "./support";
import * as settings from "./settings";
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
  emailSignIn.setOtpLogin,
  twoFactor.setupTwoFactor,
  twoFactor.verifyTwoFactor,
  twoFactor.disableTwoFactor,
  sessions.listSessions,
  sessions.revokeSession,
  sessions.revokeAllSessions,
  dashboard.getDashboardOverview,
  support.openSupportTicket,
  support.listSupportTickets,
  health.getHealth,
  health.getReadiness,
] as Endpoint[];
