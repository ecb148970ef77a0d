/**
 * Collects the keys asked for while one GraphQL response is being resolved and loads them with
 * one call, so a list of customers costs one statement, not one per customer.
 */
export class BatchLoader<K, V> {
  private readonly cache = new Map<K, Promise<V>>();
  /** What is known without waiting: primed values and loaded ones. */
  private readonly settled = new Map<K, V>();
  /** Bumped by clear(): a load that started before it does not fill `settled` after it. */
  private generation = 0;
  private pending: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];

  constructor(
    private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly fallback: V,
  ) {}

  load(key: K): Promise<V> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V>((resolve, reject) => {
      if (this.pending.length === 0) {
        // After the current promise jobs settle, so sibling fields resolved in the same pass join in.
        void Promise.resolve().then(() => process.nextTick(() => void this.dispatch()));
      }
      this.pending.push({ key, resolve, reject });
    });
    this.cache.set(key, promise);
    return promise;
  }

  /** Answers `key` with a value read by another statement of the same request. */
  prime(key: K, value: V): void {
    if (this.cache.has(key)) return;
    this.cache.set(key, Promise.resolve(value));
    this.settled.set(key, value);
  }

  /**
   * The value when it is already known, else a promise of it. A resolver that returns a value
   * rather than a promise keeps GraphQL on its synchronous path, which for a page of objects is
   * most of the cost of resolving it.
   */
  loadNow(key: K): V | Promise<V> {
    return this.settled.has(key) ? (this.settled.get(key) as V) : this.load(key);
  }

  /** Forgets what was loaded: call it after a change in the same request. */
  clear(): void {
    this.cache.clear();
    this.settled.clear();
    this.generation++;
  }

  private async dispatch(): Promise<void> {
    const batch = this.pending;
    const generation = this.generation;
    this.pending = [];
    try {
      const values = await this.loadMany(batch.map((item) => item.key));
      for (const item of batch) {
        const value = values.get(item.key) ?? this.fallback;
        if (generation === this.generation) this.settled.set(item.key, value);
        item.resolve(value);
      }
    } catch (error) {
      for (const item of batch) {
        this.cache.delete(item.key);
        item.reject(error);
      }
    }
  }
}

const loadersByRequest = new WeakMap<object, Map<string, BatchLoader<unknown, unknown>>>();

/** The request's loader of that name, made on first use (keyed on the request's context). */
export function requestLoader<K, V>(context: object, name: string, create: () => BatchLoader<K, V>): BatchLoader<K, V> {
  let loaders = loadersByRequest.get(context);
  if (!loaders) {
    loaders = new Map();
    loadersByRequest.set(context, loaders);
  }
  let loader = loaders.get(name) as BatchLoader<K, V> | undefined;
  if (!loader) {
    loader = create();
    loaders.set(name, loader as BatchLoader<unknown, unknown>);
  }
  return loader;
}

/** After a mutation changed data: what the request loaded before is read again when asked. */
export function forgetLoadedData(context: object): void {
  for (const loader of loadersByRequest.get(context)?.values() ?? []) loader.clear();
}

/** Applies `then` to a value or a promise of one, staying synchronous for a value. */
export function mapMaybe<T, R>(value: T | Promise<T>, then: (value: T) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(then) : then(value);
}
