import {
  Badge,
  Button,
  Field,
  HStack,
  Icon,
  Input,
  InputGroup,
  Skeleton,
  Spinner,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Search, SearchX } from "lucide-react";
import { type FormEvent, Suspense, useEffect, useState, useTransition } from "react";
import { graphql, useFragment, useLazyLoadQuery } from "react-relay/hooks";
import type { StaffSearchQuery } from "../../__generated__/StaffSearchQuery.graphql.ts";
import type { StaffSearchResult_customer$key } from "../../__generated__/StaffSearchResult_customer.graphql.ts";
import { CUSTOMER_STATUS } from "./staffLabels.ts";

/** The API's search needs three characters (trigrams), as the Admin Panel's does. */
export const STAFF_SEARCH_MIN_LENGTH = 3;
const DEBOUNCE_MS = 300;

/** A term the API takes, or null for no search (blank or too short to send). */
export function usableSearch(text: string): string | null {
  const term = text.trim();
  return term.length >= STAFF_SEARCH_MIN_LENGTH ? term : null;
}

/**
 * The showroom's first control: one box for a name, a phone in any format, a postcode or a contract
 * number, searched as typing pauses (or at once on Enter); the matches show as rows under it, and
 * the earlier ones stay on screen while the next load. Choosing a row opens that customer's card.
 */
export function StaffSearch({
  selectedId,
  onOpen,
}: {
  selectedId: string | null;
  onOpen: (customerId: string) => void;
}) {
  const [text, setText] = useState("");
  const [term, setTerm] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const tooShort = text.trim().length > 0 && usableSearch(text) === null;

  useEffect(() => {
    const next = usableSearch(text);
    // The same term again is no update: the page would render its search a second time as it loads.
    if (next === term) return;
    const timer = setTimeout(() => startTransition(() => setTerm(next)), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, term]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    startTransition(() => setTerm(usableSearch(text)));
  }

  return (
    <Stack as="section" aria-labelledby="staff-search-heading" gap="3">
      <form aria-labelledby="staff-search-heading" onSubmit={submit}>
        <Field.Root>
          <Field.Label id="staff-search-heading" fontSize="lg" fontWeight="semibold">
            Find a customer
          </Field.Label>
          <HStack gap="2" width="full" align="stretch">
            <InputGroup
              flex="1"
              startElement={<Search aria-hidden="true" size="18" />}
              endElement={pending ? <Spinner size="xs" aria-hidden="true" /> : undefined}
            >
              <Input
                type="search"
                name="search"
                size="lg"
                value={text}
                autoComplete="off"
                enterKeyHint="search"
                placeholder="Name, phone, postcode or contract number"
                onChange={(event) => setText(event.target.value)}
              />
            </InputGroup>
            <Button type="submit" size="lg" minHeight="11">
              Search
            </Button>
          </HStack>
          <Field.HelperText>
            {tooShort
              ? `Type at least ${STAFF_SEARCH_MIN_LENGTH} characters.`
              : "A phone number can be typed any way: 07700 900123, +44 7700 900123."}
          </Field.HelperText>
        </Field.Root>
      </form>
      {term ? (
        <Suspense fallback={<ResultsSkeleton />}>
          <StaffSearchResults term={term} selectedId={selectedId} onOpen={onOpen} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

function ResultsSkeleton() {
  return (
    <Stack gap="2" aria-busy="true" aria-label="Searching">
      <Skeleton height="16" borderRadius="xl" />
      <Skeleton height="16" borderRadius="xl" />
    </Stack>
  );
}

function StaffSearchResults({
  term,
  selectedId,
  onOpen,
}: {
  term: string;
  selectedId: string | null;
  onOpen: (customerId: string) => void;
}) {
  const data = useLazyLoadQuery<StaffSearchQuery>(
    graphql`
      query StaffSearchQuery($query: String!) {
        staffCustomerSearch(query: $query) {
          id
          ...StaffSearchResult_customer
        }
      }
    `,
    { query: term },
    { fetchPolicy: "store-or-network" },
  );
  const results = data.staffCustomerSearch;
  if (results.length === 0) {
    return (
      <HStack gap="2" color="fg.muted" role="status" data-testid="staff-search-empty">
        <Icon as={SearchX} boxSize="5" aria-hidden="true" />
        <Text>No customer matches “{term}”.</Text>
      </HStack>
    );
  }
  return (
    <Stack gap="2">
      <Text textStyle="sm" color="fg.muted" role="status">
        {results.length === 1 ? "1 customer" : `${results.length} customers`} for “{term}”
      </Text>
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Customers found" data-testid="staff-search-results">
        {results.map((customer) => (
          <li key={customer.id}>
            <StaffSearchResult customer={customer} selected={customer.id === selectedId} onOpen={onOpen} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** One match: a full-width row named by what it shows (name, phone, postcode, contract number). */
function StaffSearchResult({
  customer,
  selected,
  onOpen,
}: {
  customer: StaffSearchResult_customer$key;
  selected: boolean;
  onOpen: (customerId: string) => void;
}) {
  const data = useFragment(
    graphql`
      fragment StaffSearchResult_customer on StaffCustomerCard {
        id
        firstName
        lastName
        phoneDisplay
        postcode
        contractNumber
        status
      }
    `,
    customer,
  );
  const status = CUSTOMER_STATUS[data.status] ?? { label: data.status, palette: "gray" };
  const details = [data.phoneDisplay, data.postcode, data.contractNumber].filter(Boolean).join(" · ");
  return (
    <Button
      variant={selected ? "subtle" : "outline"}
      width="full"
      height="auto"
      minHeight="14"
      py="3"
      px="4"
      justifyContent="flex-start"
      textAlign="start"
      whiteSpace="normal"
      aria-current={selected ? "true" : undefined}
      onClick={() => onOpen(data.id)}
      data-testid="staff-search-result"
    >
      <Stack gap="0.5" flex="1" minWidth="0" align="flex-start">
        <HStack gap="2" flexWrap="wrap">
          <Text as="span" fontWeight="semibold" overflowWrap="anywhere">
            {data.firstName} {data.lastName}
          </Text>
          <Badge colorPalette={status.palette} variant="subtle" borderRadius="full">
            {status.label}
          </Badge>
        </HStack>
        {details ? (
          <Text as="span" textStyle="sm" color="fg.muted" fontWeight="normal" overflowWrap="anywhere">
            {details}
          </Text>
        ) : null}
      </Stack>
    </Button>
  );
}
