import '@fontsource/fraunces/latin-600.css';
import '@fontsource/fraunces/latin-700.css';
import '@fontsource/source-sans-3/latin-400.css';
import '@fontsource/source-sans-3/latin-500.css';
import '@fontsource/source-sans-3/latin-600.css';
import '@fontsource/source-sans-3/latin-700.css';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The start-up in tasks of its own, with the browser free between them: evaluating every module of
 * the first load and building the Chakra system with it took one task of about 250 ms on a throttled
 * phone (issue 15's total blocking time). First the theme's modules (Chakra's styling engine), then
 * the system they build, then the rest of the app's modules; then the page hydrates.
 */
async function start(): Promise<void> {
  const { shopSystem } = await import('./theme');
  await nextTask();
  shopSystem();
  await nextTask();
  const { startApp } = await import('./start');
  await nextTask();
  startApp(document.getElementById('root')!);
}

void start();
