import { DEV_TRUST_KEY_FILE, readConfig } from './config';
import { startGateway } from './server';

const config = readConfig();
if (config.signTrustKeyFile === DEV_TRUST_KEY_FILE) {
  // WARNING: anyone can sign with the development trust root (apps/gateway/dev-keys/README.md).
  console.warn(
    'gateway signs its server keys with the DEVELOPMENT trust root: set GATEWAY_SIGN_TRUST_KEY_FILE in production',
  );
}
const gateway = await startGateway(config);
console.log(`gateway listening on ${gateway.url}`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`gateway stopping (${signal})`);
  await gateway.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
