/**
 * Zod compiles object parsers with `new Function` when it can, and probes for that once; under
 * the app's CSP (no eval) the probe fails quietly but the browser reports a CSP violation each
 * time. `jitless` skips the probe. It is set on zod's global config object (the one
 * `z.config()` writes) so that zod itself stays out of the first chunk.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
