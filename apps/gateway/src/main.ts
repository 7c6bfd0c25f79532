import { DEV_TRUST_KEY_FILE, readConfig } from './config';
import { startGateway } from './server';

const config = readConfig();
if (config.signTrustKeyFile === DEV_TRUST_KEY_FILE) {
  // WARNING: anyone can sign with the development trust root (apps/gateway/dev-keys/README.md).
  console.warn(
    'gateway signs its server keys with the DEVELOPMENT trust root: set GATEWAY_SIGN_TRUST_KEY_FILE in production',
  );
}
if (config.registerVerify && config.mailUrl === undefined && config.smsWebhookUrl === undefined) {
  // Said at start, not first when a visitor asks for a code (50300).
  console.warn(
    'gateway: registration needs a code, but no transport sends one: set MAIL_URL or SMS_WEBHOOK_URL (or GATEWAY_REGISTER_VERIFY=0)',
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
