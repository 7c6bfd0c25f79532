import { readConfig } from './config';
import { startGateway } from './server';

const gateway = await startGateway(readConfig());
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
