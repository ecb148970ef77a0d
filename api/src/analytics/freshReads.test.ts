import { describe, expect, it } from "vitest";
import { FreshReadSharing } from "./freshReads.ts";

/** A read whose runs the test finishes by hand, numbered in the order they started. */
function controlledRead() {
  const runs: { finish: (value: string) => void; fail: (error: Error) => void }[] = [];
  const run = () =>
    new Promise<string>((resolve, reject) => {
      runs.push({ finish: resolve, fail: reject });
    });
  return { runs, run };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("sharing an expensive read between callers", () => {
  it("answers a caller who arrives during a run with the next run, shared by everyone who arrived meanwhile", async () => {
    const sharing = new FreshReadSharing();
    const owner = {};
    const { runs, run } = controlledRead();

    const first = sharing.read(owner, "figures", run);
    const second = sharing.read(owner, "figures", run);
    const third = sharing.read(owner, "figures", run);
    expect(runs).toHaveLength(1);

    runs[0]?.finish("read before the second caller asked");
    await expect(first).resolves.toBe("read before the second caller asked");
    await settled();
    expect(runs).toHaveLength(2);

    const fourth = sharing.read(owner, "figures", run);
    runs[1]?.finish("read after the second and third asked");
    await expect(second).resolves.toBe("read after the second and third asked");
    await expect(third).resolves.toBe("read after the second and third asked");
    await settled();
    expect(runs).toHaveLength(3);
    runs[2]?.finish("read after the fourth asked");
    await expect(fourth).resolves.toBe("read after the fourth asked");
  });

  it("starts at once when nothing is in flight and keeps nothing between runs", async () => {
    const sharing = new FreshReadSharing();
    const owner = {};
    const { runs, run } = controlledRead();
    const first = sharing.read(owner, "figures", run);
    runs[0]?.finish("one");
    await first;
    await settled();
    const later = sharing.read(owner, "figures", run);
    expect(runs).toHaveLength(2);
    runs[1]?.finish("two");
    await expect(later).resolves.toBe("two");
  });

  it("keeps keys and databases apart", async () => {
    const sharing = new FreshReadSharing();
    const [oneDatabase, otherDatabase] = [{}, {}];
    const { runs, run } = controlledRead();
    const answers = [
      sharing.read(oneDatabase, "page 1", run),
      sharing.read(oneDatabase, "page 2", run),
      sharing.read(otherDatabase, "page 1", run),
    ];
    expect(runs).toHaveLength(3);
    for (const [index, r] of runs.entries()) r.finish(`run ${index}`);
    await expect(Promise.all(answers)).resolves.toEqual(["run 0", "run 1", "run 2"]);
  });

  it("gives a failure to the callers of that run only", async () => {
    const sharing = new FreshReadSharing();
    const owner = {};
    const { runs, run } = controlledRead();
    const failing = sharing.read(owner, "figures", run);
    const waiting = sharing.read(owner, "figures", run);
    runs[0]?.fail(new Error("connection lost"));
    await expect(failing).rejects.toThrow("connection lost");
    await settled();
    runs[1]?.finish("recovered");
    await expect(waiting).resolves.toBe("recovered");
  });
});
