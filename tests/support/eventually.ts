/**
 * Reads until `done` holds or `timeoutMs` has passed, and answers the last read either way: the
 * caller's assertion then says what never arrived. For what the local stack does asynchronously
 * (mail, events).
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
