// Stand-alone entry for `npx tsx source/server/serveMain.ts [flags]` (tests, manual runs).
import {serve} from './serve.js';

process.exitCode = await serve(process.argv.slice(2));
