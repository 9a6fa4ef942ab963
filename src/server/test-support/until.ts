/**
 * Waits for something to happen (a row, a request the fake received, a mail), never for a fixed
 * time: asks `probe` every 10 ms and answers its first truthy value; fails naming `what` when it
 * has not happened within `timeoutMs`. The one such helper of the tests (issue 33: there were two).
 */
export async function until<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  what: string,
  timeoutMs = 25_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 10));
  }
}
