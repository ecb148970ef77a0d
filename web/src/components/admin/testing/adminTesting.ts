import { act, configure, waitFor } from "@testing-library/react";
import type { OperationDescriptor } from "relay-runtime";
import { type createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { expect, vi } from "vitest";

/*
 * Helpers for the admin component tests: answer the operations a component sends, by name, with
 * relay-test-utils' payload generator and the data a test gives (money in pence, as the API sends).
 */

type MockEnvironment = ReturnType<typeof createMockEnvironment>;

// Pages and dialogs load their code lazily; on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5000 });

export function money(pence: number) {
  const pounds = `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;
  return { pence, pounds, formatted: `£${pounds}` };
}

/** A connection's data: the edges around the nodes, and the page info. */
export function connection<Node>(nodes: Node[], extra: Record<string, unknown> = {}, hasNextPage = false) {
  return {
    edges: nodes.map((node, index) => ({ cursor: `cursor-${index}`, node })),
    pageInfo: {
      hasNextPage,
      endCursor: nodes.length > 0 ? `cursor-${nodes.length - 1}` : null,
      hasPreviousPage: false,
      startCursor: null,
    },
    ...extra,
  };
}

/** A mutation's typed error, as the union answers it. */
export function failure(
  typename: "ConflictError" | "ValidationError" | "NotFoundError",
  message: string,
  field: string | null = null,
) {
  return { __typename: typename, __isError: typename, code: "CONFLICT", message, field };
}

/** A mutation's success, with its data. */
export function success(typename: string, data: unknown) {
  return { __typename: typename, __isError: false, data };
}

/** Queries and mutations waiting for an answer; the live subscription (AdminLive.tsx) stays open and is left out. */
export function pendingOperationNames(environment: MockEnvironment): string[] {
  return environment.mock
    .getAllOperations()
    .filter((operation) => operation.request.node.params.operationKind !== "subscription")
    .map((operation) => operation.request.node.params.name);
}

/**
 * Waits for the operation named `name` and answers it: `data` gives the root fields (of the query
 * or the mutation); whatever it leaves out, the payload generator fills in.
 */
export async function answer(
  environment: MockEnvironment,
  name: string,
  data: Record<string, unknown>,
): Promise<OperationDescriptor> {
  let operation: OperationDescriptor | undefined;
  await waitFor(() => {
    operation = environment.mock.getAllOperations().find((candidate) => candidate.request.node.params.name === name);
    expect(operation, `${name} was not sent; pending: ${pendingOperationNames(environment).join(", ")}`).toBeTruthy();
  });
  const found = operation as OperationDescriptor;
  const rootType = found.request.node.params.operationKind === "mutation" ? "Mutation" : "Query";
  act(() => {
    environment.mock.resolve(found, MockPayloadGenerator.generate(found, { [rootType]: () => data }));
  });
  return found;
}

/** Captures what the page hands the browser to save (URL.createObjectURL + a link click). */
export function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${next++}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) files.push({ name: this.download, blob });
  });
  return { files, restore: () => click.mockRestore() };
}

/** Waits until no skeleton is on screen (the answered query has rendered). */
export async function waitForLoaded(): Promise<void> {
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
}

/** Sends an event on the Admin Panel's live subscription (AdminLive.tsx); `[]` is the first, "live from here". */
export async function liveEvent(environment: MockEnvironment, queues: string[], at = new Date()): Promise<void> {
  let subscription: OperationDescriptor | undefined;
  await waitFor(() => {
    subscription = environment.mock
      .getAllOperations()
      .filter((operation) => operation.request.node.params.name === "AdminLiveSubscription")
      .at(-1);
    expect(subscription, "the live subscription was not started").toBeTruthy();
  });
  act(() =>
    environment.mock.nextValue(subscription as OperationDescriptor, {
      data: { adminQueuesChanged: { queues, at: at.toISOString() } },
    }),
  );
}
