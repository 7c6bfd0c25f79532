// `npm start`: build what changed, then run gateway, header-footer, site and the mail and SMS
// catcher until Ctrl-C. A child that dies on its own is started again after a pause
// (scripts/supervise.mjs), not a reason to stop the others.
import { build } from './build.mjs';
import { startStack } from './stack.mjs';

const port = Number(process.env.PORT || 3000);
await build();
const stack = await startStack({
  port,
  gatewayPort: Number(process.env.GATEWAY_PORT || 4100),
  headerFooterPort: Number(process.env.HEADER_FOOTER_PORT || 4200),
  mailCatcherPort: Number(process.env.MAIL_CATCHER_PORT || 1080),
  mailCatcherSmtpPort: Number(process.env.MAIL_CATCHER_SMTP_PORT || 1025),
  ...(process.env.GATEWAY_DATA_DIR ? { dataDir: process.env.GATEWAY_DATA_DIR } : {}),
  imagePorts: {
    fast: Number(process.env.IMAGE_FAST_PORT || 4301),
    slow: Number(process.env.IMAGE_SLOW_PORT || 4302),
    // No dead origin unless asked for: every visitor's console would list its refused images.
    dead: process.env.IMAGE_DEAD_PORT ? Number(process.env.IMAGE_DEAD_PORT) : null,
  },
  supervise: true,
});
console.log(`\nexchange-web is ready at ${stack.url}`);
// Where the registration codes the gateway sends arrive (README "The two commands").
console.log(`mail and SMS inbox: ${stack.mailCatcherUrl}`);
const { fast, slow, dead } = stack.imageOrigins;
console.log(`images: fast ${fast}, slow ${slow}${dead ? `, dead ${dead}` : ''}\n`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping exchange-web...');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
