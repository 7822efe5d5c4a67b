// Debian's chromium, never a browser Playwright downloads. As root it needs
// --no-sandbox; the other flags stop it from calling home on a closed network.
export const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
