// The emails of the sign-in and recovery flows. Each says what to do, for
// how long it works, and what to do when the reader did not ask for it.
import type { EmailMessage } from "@/server/outbound/message";
import { renderEmail } from "./layout";

const notYou = "If you did not ask for this, you can ignore this email; nobody can sign in without it.";

export function signInCodeEmail(to: string, code: string): EmailMessage {
  return {
    to,
    template: "sign-in-code",
    ...renderEmail({
      subject: "Your sign-in code",
      preheader: `Your code is ${code}. It works for 10 minutes.`,
      blocks: [
        { kind: "paragraph", text: "Enter this code to sign in. It works once, for 10 minutes." },
        { kind: "code", code, label: "Sign-in code" },
        { kind: "note", text: notYou },
      ],
    }),
  };
}

export function magicLinkEmail(to: string, link: string): EmailMessage {
  return {
    to,
    template: "magic-link",
    ...renderEmail({
      subject: "Your sign-in link",
      preheader: "Sign in with one click. The link works once, for 15 minutes.",
      blocks: [
        { kind: "paragraph", text: "Use this link to sign in. It works once, for 15 minutes." },
        { kind: "button", href: link, label: "Sign in" },
        { kind: "note", text: notYou },
      ],
    }),
  };
}

export function passwordResetEmail(to: string, code: string): EmailMessage {
  return {
    to,
    template: "password-reset",
    ...renderEmail({
      subject: "Reset your password",
      preheader: `Your reset code is ${code}. It works for 10 minutes.`,
      blocks: [
        {
          kind: "paragraph",
          text: "Enter this code with your new password to reset it. It works once, for 10 minutes. Resetting signs you out everywhere.",
        },
        { kind: "code", code, label: "Reset code" },
        { kind: "note", text: "If you did not ask to reset your password, ignore this email: your password stays as it is." },
      ],
    }),
  };
}

export function passwordChangedEmail(to: string, when: Date, ip: string): EmailMessage {
  return {
    to,
    template: "password-changed",
    ...renderEmail({
      subject: "Your password was changed",
      preheader: "Your password was just changed. Every other session was signed out.",
      blocks: [
        {
          kind: "paragraph",
          text: `Your password was changed on ${when.toUTCString()} from the address ${ip}. Every other session was signed out.`,
        },
        {
          kind: "note",
          text: "If this was not you, reset your password now with “Forgot password?” on the sign-in page, and contact support.",
        },
      ],
    }),
  };
}

export function deletionScheduledEmail(to: string, when: Date, cancelUrl: string): EmailMessage {
  return {
    to,
    template: "deletion-scheduled",
    ...renderEmail({
      subject: "Your account will be deleted",
      preheader: `Your account and everything in it will be erased on ${when.toUTCString()}.`,
      blocks: [
        {
          kind: "paragraph",
          text: `You asked us to delete your account. It and everything it holds will be erased on ${when.toUTCString()}. Every session was signed out.`,
        },
        { kind: "paragraph", text: "Changed your mind? Sign in before then and cancel the deletion." },
        { kind: "button", href: cancelUrl, label: "Sign in to cancel" },
      ],
    }),
  };
}

export function newSignInEmail(to: string, details: { when: Date; ip: string; device: string; method: string }): EmailMessage {
  return {
    to,
    template: "new-sign-in",
    ...renderEmail({
      subject: "New sign-in to your account",
      preheader: `A new sign-in from ${details.ip}.`,
      blocks: [
        { kind: "paragraph", text: `Your account was signed in from a device or address we had not seen before.` },
        {
          kind: "paragraph",
          text: `When: ${details.when.toUTCString()}. Address: ${details.ip}. Device: ${details.device}. Method: ${details.method.replace("_", " ")}.`,
        },
        {
          kind: "note",
          text: "If this was you, there is nothing to do. If not, change your password and sign out the sessions you do not recognise in the portal's Sessions page.",
        },
      ],
    }),
  };
}
