/**
 * Shares one run of an expensive read between the callers waiting for it, without ever answering a
 * caller with data read before the caller asked. This is not a cache: nothing is kept once a run
 * has answered.
 *
 * A caller that arrives while no run is in flight starts one. A caller that arrives while a run is
 * in flight does not take that run's answer (its statement may have started before the caller
 * asked, so it could miss a change committed just before); it waits for the next run, which starts
 * as soon as the one in flight ends and answers every caller that arrived meanwhile. So each answer
 * comes from a statement that started after its caller asked, exactly what running the statement
 * for each caller would give, and however many callers ask at once, at most one run is in flight
 * and one waits per key. Ten administrators opening the analytics at the same moment cost the
 * database two aggregates over the whole programme instead of ten.
 */
export class FreshReadSharing {
  /** Per database reader: a test process runs several apps, each on its own database. */
  private readonly slotsByOwner = new WeakMap<object, Map<string, Slot>>();

  read<T>(owner: object, key: string, run: () => Promise<T>): Promise<T> {
    let slots = this.slotsByOwner.get(owner);
    if (!slots) {
      slots = new Map();
      this.slotsByOwner.set(owner, slots);
    }
    const slot = slots.get(key) ?? { running: null, next: null };
    slots.set(key, slot);
    if (!slot.running) return start(slots, key, slot, run) as Promise<T>;
    if (!slot.next) {
      const keySlots = slots;
      slot.next = slot.running.then(ignore, ignore).then(() => {
        slot.next = null;
        return start(keySlots, key, slot, run);
      });
    }
    return slot.next as Promise<T>;
  }
}

interface Slot {
  running: Promise<unknown> | null;
  next: Promise<unknown> | null;
}

function start(slots: Map<string, Slot>, key: string, slot: Slot, run: () => Promise<unknown>): Promise<unknown> {
  const running = run();
  slot.running = running;
  const finished = () => {
    if (slot.running === running) slot.running = null;
    // Nothing is kept between runs: an idle key takes no memory (top performers are keyed by page).
    if (!slot.running && !slot.next && slots.get(key) === slot) slots.delete(key);
  };
  running.then(finished, finished);
  return running;
}

function ignore() {}
