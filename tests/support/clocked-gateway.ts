import { createServer } from 'node:http';
import { httpRoutes } from '../../functions/routes';
import { createHandlerLoader } from '../../infra/local/handlers';
import { createHttpGateway } from '../../infra/local/http-gateway';
import { createJwtAuthorizer } from '../../infra/local/jwt-authorizer';
import { setViewerAddress } from '../../infra/local/viewer-address';

/**
 * A gateway of a test file's own: the local gateway's code with the declared routes and the real
 * handlers, on the running stack's table, user pool and bus, behind the stack server's stand-in for
 * CloudFront's viewer address. Its clock is the test's (`now`): the time stamped on each request,
 * which the shop's limits count by, and its throttles' time; its own throttle buckets keep a test's
 * bursts from refusing other test files' requests to the shared stack. The handlers run in this
 * process and read their settings from its environment, as on Lambda, so `env` is copied into it.
 * Answers the API's base URL (`…/api`) and a function that stops the server.
 */
export async function startClockedGateway(
  env: Record<string, string>,
  now: () => number,
): Promise<{ api: string; close: () => Promise<void> }> {
  Object.assign(process.env, env);
  const gateway = createHttpGateway({
    routes: httpRoutes,
    loadHandler: createHandlerLoader(process.cwd()),
    authorize: createJwtAuthorizer({
      issuer: env.JWT_ISSUER!,
      jwksUri: env.JWKS_URI!,
      audience: [env.USER_POOL_CLIENT_ID!],
    }),
    now,
  });
  const server = createServer((req, res) => {
    setViewerAddress(req);
    void gateway(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    api: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
