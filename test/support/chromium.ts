// Debian's /usr/bin/chromium driven by playwright-core, as the browser tests and the bench launch
// it. The background-networking flags matter on a closed network, where Chromium's own
// connections (component updates, sync, QUIC probes) are refused and can stall a page.

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
