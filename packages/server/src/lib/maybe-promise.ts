/**
 * A value now, or later. The lobby's hot path answers from caches: awaiting a
 * value that is already there still costs turns of the microtask queue and a
 * promise per step, which show at tens of thousands of requests a second. So
 * the dispatcher, the session check and the caches pass a value straight on
 * when they have one, and a promise only when they must wait.
 */
export type MaybePromise<T> = T | Promise<T>;

/** `next(value)` (not named `then`: a module exporting `then` is a thenable to `import()`), at once when the value is here, after it settles when it is a promise. */
export function andThen<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
