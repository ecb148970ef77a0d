import { Field, Input, InputGroup, Spinner } from "@chakra-ui/react";
import { Search, SearchX } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, useTransition } from "react";
import { useLocation, useSearchParams } from "wouter";
import { AdminEmpty } from "./AdminEmpty.tsx";

/** The API refuses shorter terms (api/src/db/search.ts): trigrams need three characters. */
export const SEARCH_MIN_LENGTH = 3;
const DEBOUNCE_MS = 300;

/** The search kept in the address (`?q=`), read once when the tab opens: later changes refetch in place. */
export function useInitialSearch(): string | null {
  const [searchParams] = useSearchParams();
  const [initial] = useState(() => usableSearch(searchParams.get("q") ?? ""));
  return initial;
}

/** A term the API takes, or null for no search (blank or too short to send). */
function usableSearch(text: string): string | null {
  const term = text.trim();
  return term.length >= SEARCH_MIN_LENGTH ? term : null;
}

/**
 * One admin list's search box: labelled, debounced, kept in the address as `?q=` beside `?tab=`.
 * `onSearch` gets the term (null: no search) once typing pauses; the tab refetches its list with it.
 */
export function AdminSearchBox({
  label,
  placeholder,
  onSearch,
  pending = false,
}: {
  label: string;
  placeholder: string;
  onSearch: (search: string | null) => void;
  pending?: boolean;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [text, setText] = useState(() => searchParams.get("q") ?? "");
  const sent = useRef(usableSearch(text));
  const hintId = useId();
  const tooShort = text.trim().length > 0 && usableSearch(text) === null;
  // The page this box is on: a row clicked while typing pauses navigates away, and the address must stay there.
  const [location] = useLocation();
  const [pathname] = useState(location);
  const current = useRef(location);
  current.current = location;

  useEffect(() => {
    const timer = setTimeout(() => {
      const term = usableSearch(text);
      if (current.current !== pathname) return;
      if (term === sent.current || (tooShort && term === null)) return;
      sent.current = term;
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (term === null) next.delete("q");
          else next.set("q", term);
          return next;
        },
        { replace: true },
      );
      onSearch(term);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, tooShort, onSearch, setSearchParams, pathname]);

  return (
    <Field.Root maxWidth={{ base: "full", md: "sm" }}>
      <Field.Label>{label}</Field.Label>
      <InputGroup
        startElement={<Search aria-hidden="true" size="16" />}
        endElement={pending ? <Spinner size="xs" aria-hidden="true" /> : undefined}
      >
        <Input
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={tooShort ? hintId : undefined}
          maxLength={200}
        />
      </InputGroup>
      {tooShort ? (
        <Field.HelperText id={hintId}>Type at least {SEARCH_MIN_LENGTH} characters to search.</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}

type Refetch = (variables: { search: string | null }, options: { fetchPolicy: "network-only" }) => unknown;

/**
 * A list's search: the term it shows and `onSearch` for the box, which refetches the list in place
 * (a transition: the old rows stay until the matches come, and the box keeps its focus).
 */
export function useListSearch(initial: string | null, refetch: Refetch) {
  const [search, setSearch] = useState(initial);
  const [pending, startTransition] = useTransition();
  const onSearch = useCallback(
    (term: string | null) => {
      setSearch(term);
      startTransition(() => {
        refetch({ search: term }, { fetchPolicy: "network-only" });
      });
    },
    [refetch],
  );
  return { search, pending, onSearch };
}

/** What a searched list shows when nothing matches. */
export function AdminNoMatch({ search, noun }: { search: string; noun: string }) {
  return (
    <AdminEmpty icon={SearchX} title={`No ${noun} match "${search}"`}>
      Check the spelling, or search by email, phone, postcode or contract number.
    </AdminEmpty>
  );
}
