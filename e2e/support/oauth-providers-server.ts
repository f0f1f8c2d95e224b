// Runs the fake Google (oidc-provider) and GitHub servers for the e2e run, as
// one of playwright.config.ts's webServers: Google and GitHub are third
// parties outside this machine. Ports and the app's URL come from the config.
import { startFakeProviders } from "../../tests/support/providers/start-providers";

const appUrl = process.env.E2E_APP_URL!;
const providers = await startFakeProviders(appUrl, {
  google: Number(process.env.E2E_GOOGLE_PORT),
  github: Number(process.env.E2E_GITHUB_PORT),
});
console.log(`fake providers up: ${providers.googleIssuer} ${providers.githubBaseUrl}`);

const stop = () => void providers.stop().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
