// Runs in the browser before any of the app's code (Next.js loads it ahead of
// hydration). Zod 4 compiles object parsers with `new Function` when it may,
// and probes for that when a schema is built; under our CSP (no
// 'unsafe-eval') the probe is reported as a violation even though zod catches
// it. Forms parse a handful of fields, so the interpreted parser is plenty.
// This must run before any schema is constructed, hence here and not in a component.
import { z } from "zod";

z.config({ jitless: true });
