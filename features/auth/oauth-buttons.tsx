// "Continue with Google" / "Continue with GitHub": plain links to the API's
// start routes (a full-page navigation to the provider and back), only for
// the providers the API has configured. The portal page to return to rides
// along as `returnTo`; the API keeps only same-site paths.
import { buttonClass } from "@/components/button-styles";
import type { OfferedProvider } from "@/shared/schemas/oauth";
import { DEFAULT_AFTER_SIGN_IN } from "@/shared/safe-callback-url";

function ProviderIcon({ provider }: { provider: OfferedProvider["provider"] }) {
  if (provider === "github") {
    return (
      <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true" fill="currentColor">
        <path d="M12 .5a11.5 11.5 0 0 0-3.64 22.41c.58.1.79-.25.79-.56v-2c-3.2.7-3.88-1.37-3.88-1.37-.52-1.33-1.28-1.69-1.28-1.69-1.05-.72.08-.7.08-.7 1.16.08 1.77 1.19 1.77 1.19 1.03 1.77 2.7 1.26 3.36.96.1-.75.4-1.26.73-1.55-2.55-.29-5.24-1.28-5.24-5.69 0-1.26.45-2.28 1.19-3.09-.12-.29-.52-1.46.11-3.04 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.63 1.58.23 2.75.11 3.04.74.81 1.19 1.83 1.19 3.09 0 4.42-2.7 5.39-5.26 5.68.41.36.78 1.06.78 2.14v3.17c0 .31.21.67.8.56A11.5 11.5 0 0 0 12 .5Z" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.27c0-.85-.08-1.66-.22-2.45H12v4.64h6.46a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.56-5.17 3.56-8.81Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.96-1.07 7.94-2.91l-3.88-3A7.2 7.2 0 0 1 12 19.2a7.16 7.16 0 0 1-6.73-4.96H1.27v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.27 14.24a7.2 7.2 0 0 1 0-4.48v-3.1h-4a12 12 0 0 0 0 10.68l4-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.76 0 3.34.6 4.59 1.8l3.44-3.44A11.55 11.55 0 0 0 12 0 12 12 0 0 0 1.27 6.66l4 3.1A7.16 7.16 0 0 1 12 4.8Z"
      />
    </svg>
  );
}

export function OAuthButtons({ providers, callbackUrl }: { providers: OfferedProvider[]; callbackUrl: string }) {
  if (providers.length === 0) return null;
  const query = callbackUrl === DEFAULT_AFTER_SIGN_IN ? "" : `?${new URLSearchParams({ returnTo: callbackUrl })}`;
  return (
    <ul className="space-y-2.5">
      {providers.map(({ provider, name, startUrl }) => (
        <li key={provider}>
          {/* A real navigation, not next/link: the provider's page is another site. */}
          <a href={`/api/v1${startUrl}${query}`} className={`${buttonClass("secondary")} w-full`}>
            <ProviderIcon provider={provider} />
            Continue with {name}
          </a>
        </li>
      ))}
    </ul>
  );
}
