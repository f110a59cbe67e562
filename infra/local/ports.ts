import { createServer } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';

/** A port that nothing listens on right now, chosen by the operating system. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Whether `port` can be listened on right now. */
function isFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/**
 * Ports of the internal services, kept in `file` so that a second start uses the same ones when
 * they are still free: the user pool's issuer URL contains its port, so a browser's saved sign-in
 * stays valid across restarts.
 */
export async function rememberedPorts<N extends string>(file: string, names: readonly N[]): Promise<Record<N, number>> {
  let remembered: Partial<Record<N, number>>;
  try {
    remembered = JSON.parse(await readFile(file, 'utf8')) as Partial<Record<N, number>>;
  } catch {
    remembered = {};
  }
  const ports = {} as Record<N, number>;
  for (const name of names) {
    const previous = remembered[name];
    ports[name] = previous !== undefined && (await isFree(previous)) ? previous : await freePort();
  }
  await writeFile(file, `${JSON.stringify(ports, null, 2)}\n`);
  return ports;
}
