// A local function's worker thread starts here, in JavaScript, so V8's code cache on disk
// (os.tmpdir()/node-compile-cache) is on before the first TypeScript file loads: the cache also
// keeps each file's type-stripped source, so a warm cold start never loads Node's TypeScript
// stripper (a WebAssembly module each thread would compile again: 0.31 s → 0.24 s of CPU per
// start of a purchase function). Lambda has no such cache; cold starts are measured by npm run bench.
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./function-runtime.ts');
