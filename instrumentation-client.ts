// Runs in the browser before any of the app's code (Next.js loads it ahead of
// hydration). Zod 4 compiles object parsers with `new Function` when it may,
// and probes for that when a schema is built; under our CSP (no
// 'unsafe-eval') the probe is reported as a violation even though zod catches
// it. Forms parse a handful of fields, so the interpreted parser is plenty.
// This must run before any schema is constructed, hence here and not in a component.
//
// Zod keeps its configuration on `globalThis.__zod_globalConfig` and adopts an
// object already there (zod/v4/core/core.js), which is what `z.config()` would
// write. Setting it directly keeps zod itself (≈ 31 kB gzip) out of the code
// every page loads: only pages with forms fetch it.
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
// Mutated, not replaced: a zod loaded earlier holds on to the object it found.
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
