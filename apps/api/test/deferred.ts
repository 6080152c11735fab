/** A promise and the function that settles it (Promise.withResolvers, which Node 20 lacks): a test's gate. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
