// The browser files' shared Chromium, served from a process of its own so that the Playwright
// server's traffic stays off the shared stack's event loop (the global setup's process). Prints
// its endpoint on one line, then lives until its parent closes its stdin (or dies).
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium.ts';

const server = await chromium.launchServer(chromiumLaunchOptions);
process.stdout.write(`${server.wsEndpoint()}\n`);
const stop = () => void server.close().finally(() => process.exit(0));
process.stdin.on('end', stop).resume();
process.once('SIGTERM', stop);
