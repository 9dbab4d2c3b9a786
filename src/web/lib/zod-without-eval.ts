// zod 4 probes `new Function` the first time it builds an object schema, unless told `jitless`.
// The app's CSP has no 'unsafe-eval', so the browser reports that probe as a violation even though
// zod catches it. zod reads its settings from this global when it loads (lazily, with the first
// screen that has a form), so this runs first, from main.tsx.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
