/** Polls `url` until it answers 2xx (a freshly spawned server starting up), for up to 15 s. */
export async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    const ok = await fetch(url).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer`);
}
