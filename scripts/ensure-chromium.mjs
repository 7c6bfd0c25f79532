// Finds Debian's Chromium for the end-to-end tests, installing the `chromium` package when it is
// missing and this machine allows it. Prints the path; exits non-zero with advice otherwise.
import { existsSync } from 'node:fs';
import { canInstallDebianPackages, installDebianPackage } from './debian-packages.mjs';

export const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

// Debian's Chromium on a closed network: no sandbox as root, no background traffic, no GPU.
/** The flags every script launches Chromium with. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function findChromium() {
  return CANDIDATES.find((candidate) => candidate && existsSync(candidate));
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (canInstallDebianPackages()) {
    console.log("Chromium is missing: installing Debian's chromium package with apt-get...");
    const installed = installDebianPackage(['chromium']) && findChromium();
    if (installed) return installed;
  }
  console.error(
    "The end-to-end tests need Chromium. Install Debian's package (sudo apt-get install chromium)\n" +
      'or set CHROMIUM_PATH to a Chromium executable, then run npm test again.',
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
