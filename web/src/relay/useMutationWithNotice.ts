import { useCallback } from "react";
import { type UseMutationConfig, useMutation } from "react-relay/hooks";
import type { Disposable, GraphQLTaggedNode, MutationParameters } from "relay-runtime";
import { notifyFailure } from "../notifications/notify.ts";
import { failureOf, isSuccess, type MutationFailure } from "./mutationOutcome.ts";

/** The mutation's one field: the union of its `...Success` type and its typed errors. */
export type MutationResultOf<T extends MutationParameters> = T["response"][keyof T["response"]];

/** The result once it is the `...Success` type: its `data`, where selected, is there. */
export type MutationSuccessOf<T extends MutationParameters> =
  MutationResultOf<T> extends { readonly data?: infer Data }
    ? Omit<MutationResultOf<T>, "data"> & { readonly data: NonNullable<Data> }
    : MutationResultOf<T>;

export interface NoticeMutationConfig<T extends MutationParameters>
  extends Omit<UseMutationConfig<T>, "onCompleted" | "onError"> {
  /** The failure notice's title, shown with the server's message for a refusal and a lost connection alike. */
  failed: string;
  /** The server accepted: show the success notice and do what follows. */
  onSuccess?: (result: MutationSuccessOf<T>) => void;
  /**
   * The server refused, before the failure notice (e.g. to mark the field at fault). Returns true
   * when it has told the user itself, and no notice is shown.
   */
  onFailure?: (failure: MutationFailure, result: MutationResultOf<T>) => unknown;
}

/**
 * Commits a mutation, then notifies: the caller's success handler when the answer is its `...Success`
 * type, otherwise a failure notice with `failed` as its title and the server's message.
 */
export function useMutationWithNotice<T extends MutationParameters>(
  mutation: GraphQLTaggedNode,
): [(config: NoticeMutationConfig<T>) => Disposable, boolean] {
  const [commit, isInFlight] = useMutation<T>(mutation);
  const commitWithNotice = useCallback(
    ({ failed, onSuccess, onFailure, ...config }: NoticeMutationConfig<T>) =>
      commit({
        ...config,
        onCompleted: (response) => {
          // Every mutation selects one field, its result union.
          const result = Object.values(response as object)[0] as {
            readonly __typename: string;
            readonly data?: unknown;
          };
          // A success whose selected `data` came back empty is no success to show.
          if (isSuccess(result) && result.data !== null) {
            onSuccess?.(result as MutationSuccessOf<T>);
            return;
          }
          const failure = failureOf(result);
          if (onFailure?.(failure, result as MutationResultOf<T>) === true) return;
          notifyFailure(failed, failure.message);
        },
        onError: (error) => notifyFailure(failed, error.message),
      }),
    [commit],
  );
  return [commitWithNotice, isInFlight];
}
