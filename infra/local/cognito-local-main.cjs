// Starts cognito-local as its own bin (cognito-local/lib/bin/start.js) does, and also hands each
// code-delivery log record to the parent process over the IPC channel: the local stack turns them
// into mails. (Read from stdout, a record sometimes reached the parent only with the next output.)
const pino = require('pino');
const { createDefaultServer } = require('cognito-local');
const { NotAuthorizedError } = require('cognito-local/lib/errors');
const { Targets } = require('cognito-local/lib/targets/targets');

// A confirmation link used twice: Cognito answers NotAuthorizedException 'User cannot be confirmed. Current
// status is CONFIRMED'; cognito-local answers ExpiredCodeException, which the page must read as a dead link.
const confirmSignUp = Targets.ConfirmSignUp;
Targets.ConfirmSignUp = (services) => {
  const confirm = confirmSignUp(services);
  return async (ctx, req) => {
    const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (user?.UserStatus === 'CONFIRMED')
      throw new NotAuthorizedError('User cannot be confirmed. Current status is CONFIRMED');
    return confirm(ctx, req);
  };
};

const destination = {
  write(line) {
    process.stdout.write(line);
    if (process.send && line.includes('Confirmation Code Delivery')) process.send(JSON.parse(line));
  },
};
const logger = pino({ level: process.env.DEBUG ? 'debug' : 'info', base: undefined }, destination);

createDefaultServer(logger)
  .then((server) => server.start())
  .then((server) => logger.info({ address: server.address() }, 'Cognito Local running'))
  .catch((error) => {
    logger.error(error);
    process.exit(1);
  });
