// `npm start` (`npm run dev` with --dev): the launcher, server/launcher/
// (docs/architecture.md, "The launcher's processes"). The primary process and
// every worker it forks run this script.
// First: an unsupported Node.js is refused before anything else loads.
import "@/server/runtime/refuse-unsupported-node";
import { launch } from "@/server/launcher/launch";

launch({ dev: process.argv.includes("--dev") });
