"use client";
// /invitations/accept#token=…: the page an invitation's email links to. The
// token stays in the fragment (never sent to a server) and rides along
// through signing in or up. Signed in, the person accepts as their own
// account (confirming their address first if needed), then switches to the
// account they joined or stays in their own.
import { useEffect, useState } from "react";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import Link from "next/link";
import { buttonClass } from "@/components/button-styles";
import { useAccount } from "@/features/account/use-account";
import { PortalApiError, portalFetch } from "@/features/api/portal-fetch";
import { AuthCard } from "@/features/auth/auth-card";
import { signOut } from "@/features/auth/next-auth-client";
import { acceptInvitation, confirmEmail, sendEmailConfirmation } from "@/shared/api/endpoint-refs";
import { signInUrl, withCallbackUrl } from "@/shared/safe-callback-url";
import { switchToAccount } from "./switch-account";
import { EmailedCodeField } from "@/components/emailed-code-field";

const wide = (variant: "primary" | "secondary") => `${buttonClass(variant)} w-full`;
// Only the first fragment: Next's client navigation after signing up can append the fragment it came with again.
const tokenFromHash = () => new URLSearchParams(window.location.hash.slice(1).split("#")[0]).get("token");

type Joined = { accountId: string; role: string };

export function AcceptInvitationPanel() {
  const account = useAccount();
  // Read after hydration: the server never sees the fragment.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(tokenFromHash()), []);
  const here = token ? `/invitations/accept#token=${encodeURIComponent(token)}` : "/invitations/accept";

  if (token === undefined)
    return (
      <AuthCard title="Invitation" description="Reading the invitation…" footer={null}>
        {null}
      </AuthCard>
    );
  if (!token) {
    return (
      <AuthCard title="This link is incomplete" description="Open the link from the invitation email again, whole." footer={null}>
        <Link href="/dashboard" className={wide("secondary")}>
          Go to the dashboard
        </Link>
      </AuthCard>
    );
  }
  if (account.status === "signed-out") {
    return (
      <AuthCard
        title="You are invited"
        description="Sign in, or create an account, with the address the invitation was sent to. You come back here to accept it."
        footer={null}
      >
        <div className="flex flex-col gap-3">
          <Link href={signInUrl(here)} className={wide("primary")}>
            Sign in to accept
          </Link>
          <Link href={withCallbackUrl("/sign-up", here)} className={wide("secondary")}>
            Create an account
          </Link>
        </div>
      </AuthCard>
    );
  }
  return <AcceptAsSignedIn token={token} email={account.details?.actor.email ?? account.email} here={here} />;
}

function AcceptAsSignedIn({ token, email, here }: { token: string; email: string; here: string }) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<PortalApiError | null>(null);
  const [joined, setJoined] = useState<Joined | null>(null);
  const [switching, setSwitching] = useState(false);

  async function accept() {
    setPending(true);
    setFailure(null);
    try {
      setJoined(await portalFetch(acceptInvitation, { body: { token } }));
    } catch (error) {
      setFailure(error instanceof PortalApiError ? error : new PortalApiError(0, "unknown", "Something went wrong. Please try again."));
    } finally {
      setPending(false);
    }
  }

  if (joined) {
    return (
      <AuthCard
        title="You joined the account"
        description={`You can now act in it as ${joined.role}, from your account menu too.`}
        footer={null}
      >
        <div className="flex flex-col gap-3">
          <Button
            className="w-full"
            pending={switching}
            onClick={() => {
              setSwitching(true);
              void switchToAccount(joined.accountId).catch((error: PortalApiError) => {
                setSwitching(false);
                setFailure(error);
              });
            }}
          >
            Go to the account
          </Button>
          <Link href="/dashboard" className={wide("secondary")}>
            Stay in your own account
          </Link>
          {failure ? <Alert>{failure.message}</Alert> : null}
        </div>
      </AuthCard>
    );
  }

  const needsConfirmedAddress = failure?.code === "forbidden" && /confirm your email/i.test(failure.message);
  return (
    <AuthCard
      title="Accept the invitation"
      description={
        <>
          You are signed in as <strong className="font-medium text-zinc-900 dark:text-white">{email}</strong>. Accepting lets you act in the
          inviting account with your own sign-in.
        </>
      }
      footer={
        <button
          type="button"
          onClick={() => void signOut({ callbackUrl: signInUrl(here) })}
          className="text-sm font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-400"
        >
          Use another account
        </button>
      }
    >
      <div className="space-y-4">
        {failure && !needsConfirmedAddress ? <Alert>{failure.message}</Alert> : null}
        {needsConfirmedAddress ? <ConfirmThenAccept email={email} onConfirmed={accept} /> : null}
        {needsConfirmedAddress ? null : (
          <Button className="w-full" pending={pending} onClick={accept}>
            {pending ? "Accepting…" : "Accept invitation"}
          </Button>
        )}
      </div>
    </AuthCard>
  );
}

/** One call's progress, kept in the page (this page has no query client of its own). */
function useCall<Input>(run: (input: Input) => Promise<unknown>) {
  const [state, setState] = useState<{ pending: boolean; done: boolean; error: string | null }>({
    pending: false,
    done: false,
    error: null,
  });
  const call = async (input: Input) => {
    setState({ pending: true, done: false, error: null });
    try {
      await run(input);
      setState({ pending: false, done: true, error: null });
      return true;
    } catch (error) {
      setState({
        pending: false,
        done: false,
        error: error instanceof PortalApiError ? error.message : "Something went wrong. Please try again.",
      });
      return false;
    }
  };
  return { ...state, call };
}

/** An invitation is accepted only by a proven address: a code emailed to it, entered here, then the acceptance again. */
function ConfirmThenAccept({ email, onConfirmed }: { email: string; onConfirmed: () => void }) {
  const sendCode = useCall(() => portalFetch(sendEmailConfirmation, { body: {} }));
  const confirm = useCall((code: string) => portalFetch(confirmEmail, { body: { code } }));
  const [code, setCode] = useState("");
  const error = confirm.error ?? sendCode.error;
  return (
    <div className="space-y-3 text-sm">
      <p className="text-zinc-700 dark:text-zinc-300">
        First confirm that <strong className="font-medium">{email}</strong> is yours: we email it a code.
      </p>
      {sendCode.done ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={async (event) => {
            event.preventDefault();
            if (await confirm.call(code)) onConfirmed();
          }}
        >
          <EmailedCodeField value={code} onChange={setCode} />
          <Button size="sm" type="submit" pending={confirm.pending}>
            {confirm.pending ? "Confirming…" : "Confirm and accept"}
          </Button>
        </form>
      ) : (
        <Button size="sm" variant="secondary" pending={sendCode.pending} onClick={() => void sendCode.call(undefined)}>
          {sendCode.pending ? "Sending…" : "Email me a code"}
        </Button>
      )}
      {error ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
