// What the tests need from Debian (Chromium, PostgreSQL, nginx) is installed from inside the
// project when it is missing and this machine allows it: root with apt-get, as on CI.
import { spawnSync } from 'node:child_process';

/** Whether this process may install Debian packages: root, with apt-get on PATH. */
export function canInstallDebianPackages() {
  return (
    process.getuid?.() === 0 &&
    spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  );
}

/**
 * Why a missing tool cannot be installed here, or undefined when it can.
 * @param {string} what what is missing, e.g. "PostgreSQL"
 */
export function whyNotInstallable(what) {
  if (process.getuid?.() !== 0)
    return `${what} is not installed and this user is not root, so it cannot be installed.`;
  if (!canInstallDebianPackages())
    return `${what} is not installed and this machine has no apt-get to install it.`;
  return undefined;
}

const aptGet = (args, quiet) =>
  spawnSync('apt-get', args, {
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', quiet ? 'ignore' : 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }).status === 0;

/**
 * Installs the first of `alternatives` (Debian package names) that installs, without recommended
 * packages. A fresh machine's package lists are often empty or stale, so the lists are updated
 * only when an install fails without (that first failure is expected and kept quiet).
 * @param {string[]} alternatives e.g. ['nginx-light', 'nginx']
 * @returns {boolean} whether one of them installed
 */
export function installDebianPackage(alternatives) {
  const install = (name, quiet) =>
    aptGet(['install', '-y', '-qq', '--no-install-recommends', name], quiet);
  if (alternatives.some((name) => install(name, true))) return true;
  if (!aptGet(['update', '-qq'], false)) return false;
  return alternatives.some((name) => install(name, false));
}
