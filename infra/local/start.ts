import { PortInUseError, startLocalStack } from './stack';

/**
 * `npm start` (the built SPA) and `npm run dev` (`--dev`: Vite with hot reload): the whole shop on
 * this machine. Optional env: PORT, HOST, LOCAL_DATA_DIR, STAFF_ACCOUNT_EMAIL, STAFF_ACCOUNT_PASSWORD, ANALYTICS,
 * MEASURE_POPUP_AUTO_SHOW.
 */
const dev = process.argv.includes('--dev');
const startedAt = Date.now();

try {
  const stack = await startLocalStack({ serveSpa: dev ? 'dev' : 'built', logRequests: true });
  console.log(`
Hill & Brook Blinds is running (${dev ? 'development, hot reload' : 'built site'}), ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s
  Shop:          ${stack.url}
  Outbox:        ${stack.url}/_local/outbox?key=${stack.localToolsKey}
  Staff account: ${stack.staffAccount.email} / ${stack.staffAccount.password}
Press Ctrl-C to stop.`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
} catch (error) {
  if (error instanceof PortInUseError) {
    console.error(error.message);
  } else {
    console.error('The local stack could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
}
