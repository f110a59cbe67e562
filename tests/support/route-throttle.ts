/** API Gateway's answer when a route's throttle has no token left (the local gateway answers the same). */
export const ROUTE_THROTTLE_MESSAGE = 'Too Many Requests';

/** Enough for a burst of every test file at once to drain through a route's throttle. */
const MAX_TRIES = 120;

/**
 * The answer to `request` once the route's throttle lets it through: a request the throttle
 * refuses (before any handler ran, so nothing happened) is sent again after `pauseMs`, as a
 * well-behaved client backs off. Test files share the stack and its throttles, so a route many of
 * them call at once (registration) refuses some calls for a moment.
 */
export async function pastRouteThrottle<A>(
  request: () => Promise<A>,
  throttled: (answer: A) => Promise<boolean> | boolean,
  pauseMs: number,
): Promise<A> {
  for (let tries = 1; ; tries += 1) {
    const answer = await request();
    if (!(await throttled(answer)) || tries === MAX_TRIES) return answer;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}
