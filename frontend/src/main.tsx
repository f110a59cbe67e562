import '@fontsource/fraunces/latin-600.css';
import '@fontsource/fraunces/latin-700.css';
import '@fontsource/source-sans-3/latin-400.css';
import '@fontsource/source-sans-3/latin-500.css';
import '@fontsource/source-sans-3/latin-600.css';
import '@fontsource/source-sans-3/latin-700.css';

// zod tries `new Function` once, to see whether it may compile its parsers; under the shop's content
// security policy (no 'unsafe-eval') that try is a reported violation, which costs Lighthouse's best
// practices. Its config is shared through this global (so that every copy of zod sees it), and set
// here, before any chunk loads zod, it turns the try off: the browser parses without compiling.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The start-up in tasks of its own, with the browser free between them: evaluating every module of
 * the first load and building the Chakra system with it took one task of about 250 ms on a throttled
 * phone (issue 15's total blocking time). First the theme's modules (Chakra's styling engine), then
 * the system they build (itself in steps), then the rest of the app's modules; then the page hydrates.
 */
async function start(): Promise<void> {
  const { buildShopSystemInSteps } = await import('./theme');
  await nextTask();
  await buildShopSystemInSteps(nextTask);
  await nextTask();
  const { startApp } = await import('./start');
  await nextTask();
  startApp(document.getElementById('root')!);
}

void start();
