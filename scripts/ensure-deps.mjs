// Installs the dependencies when they are missing or older than package-lock.json (plain Node, no deps).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const lockFile = path.join(root, 'package-lock.json');
const stampFile = path.join(root, 'node_modules', '.exchange-web-installed');

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`exchange-web needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
  process.exit(1);
}

const lockHash = createHash('sha256').update(readFileSync(lockFile)).digest('hex');
const installed = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
if (installed === lockHash) process.exit(0);

// An `npm ci` run by hand (or by .ci/run) leaves npm's hidden lockfile newer than the lock file:
// that install is current, so it is stamped rather than repeated.
const hiddenLock = path.join(root, 'node_modules', '.package-lock.json');
if (
  !installed &&
  existsSync(hiddenLock) &&
  statSync(hiddenLock).mtimeMs >= statSync(lockFile).mtimeMs
) {
  writeFileSync(stampFile, lockHash + '\n');
  process.exit(0);
}

console.log('Installing dependencies from package-lock.json (npm ci)...');
const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) {
  console.error('npm ci failed; see the output above.');
  process.exit(result.status ?? 1);
}
writeFileSync(stampFile, lockHash + '\n');
