import DataLoader from "dataloader";

/**
 * Collects the keys asked for while one GraphQL response is being resolved and loads them with
 * one call (dataloader), so a list of customers costs one statement, not one per customer.
 */
export class BatchLoader<K, V> {
  private readonly loader: DataLoader<K, V>;
  /** Dataloader's cache, kept here so prime() can tell whether a key was already asked for. */
  private readonly cache = new Map<K, Promise<V>>();
  /** What is known without waiting: primed values and loaded ones. */
  private readonly settled = new Map<K, V>();
  /** Bumped by clear(): a load that started before it does not fill `settled` after it. */
  private generation = 0;

  constructor(loadMany: (keys: K[]) => Promise<Map<K, V>>, fallback: V) {
    this.loader = new DataLoader<K, V>(
      async (keys) => {
        const generation = this.generation;
        const values = await loadMany([...keys]);
        const known = generation === this.generation;
        return keys.map((key) => {
          const value = values.get(key) ?? fallback;
          if (known) this.settled.set(key, value);
          return value;
        });
      },
      { cacheMap: this.cache },
    );
  }

  load(key: K): Promise<V> {
    return this.loader.load(key);
  }

  /** Answers `key` with a value read by another statement of the same request. */
  prime(key: K, value: V): void {
    if (this.cache.has(key)) return;
    this.loader.prime(key, value);
    this.settled.set(key, value);
  }

  /**
   * The value when it is already known, else a promise of it. A resolver that returns a value
   * rather than a promise keeps GraphQL on its synchronous path, which for a page of objects is
   * most of the cost of resolving it.
   */
  loadNow(key: K): V | Promise<V> {
    return this.settled.has(key) ? (this.settled.get(key) as V) : this.loader.load(key);
  }

  /** Every key asked for or primed so far. */
  keys(): K[] {
    return [...this.cache.keys()];
  }

  /** Forgets what was loaded: freshAfterMutations.ts calls it after each mutation. */
  clear(): void {
    this.loader.clearAll();
    this.settled.clear();
    this.generation++;
  }
}

/**
 * What one request keeps (its loaders, its context, a read shared by two fields) lives in a slot of
 * one of the request's own objects, not enumerable (a copy of the object starts without it), never
 * in a module-level WeakMap keyed by it: V8's young-generation collections keep a WeakMap's values,
 * so every request's data was promoted to the old generation and freed only by a full collection
 * (docs/performance.md, "Where the old generation's garbage comes from").
 */
export function requestSlot<T>(owner: object, key: symbol, create: () => T): T {
  const holder = owner as Record<symbol, T | undefined>;
  let value = holder[key];
  if (value === undefined) {
    value = create();
    Object.defineProperty(owner, key, { value });
  }
  return value;
}

/** The value `requestSlot` keeps under `key`, if something made it (nothing is made). */
function madeRequestSlot<T>(owner: object, key: symbol): T | undefined {
  return (owner as Record<symbol, T | undefined>)[key];
}

const LOADERS = Symbol("requestLoaders");
const loadersOf = (context: object) => madeRequestSlot<Map<string, BatchLoader<unknown, unknown>>>(context, LOADERS);

/** The request's loader of that name, made on first use (kept on the request's context). */
export function requestLoader<K, V>(context: object, name: string, create: () => BatchLoader<K, V>): BatchLoader<K, V> {
  const loaders = requestSlot(context, LOADERS, () => new Map<string, BatchLoader<unknown, unknown>>());
  let loader = loaders.get(name) as BatchLoader<K, V> | undefined;
  if (!loader) {
    loader = create();
    loaders.set(name, loader as BatchLoader<unknown, unknown>);
  }
  return loader;
}

/** The request's loader of that name if something made it, else undefined (nothing is made). */
export function madeRequestLoader<K, V>(context: object, name: string): BatchLoader<K, V> | undefined {
  return loadersOf(context)?.get(name) as BatchLoader<K, V> | undefined;
}

/** After a mutation changed data: what the request loaded before is read again when asked. */
export function forgetLoadedData(context: object): void {
  for (const loader of loadersOf(context)?.values() ?? []) loader.clear();
}

/** Applies `then` to a value or a promise of one, staying synchronous for a value. */
export function mapMaybe<T, R>(value: T | Promise<T>, then: (value: T) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(then) : then(value);
}
