// Which addresses a webhook may be sent to, and a connection pinned to the address that was checked
// (docs/api.md, "Webhooks", and docs/security.md: the address rule). Node's net.BlockList does the matching: it is part of the
// runtime (no dependency to keep), matches whole prefixes in both families, and matches IPv4 rules
// against IPv4-mapped IPv6 addresses too.
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * The IANA IPv4 Special-Purpose Address Registry, every entry (globally reachable or not: none is a
 * place for a webhook receiver), with multicast and the limited broadcast address.
 */
export const SPECIAL_PURPOSE_IPV4: readonly (readonly [string, number])[] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (carrier-grade NAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation (TEST-NET-1)
  ["192.31.196.0", 24], // AS112-v4
  ["192.52.193.0", 24], // AMT
  ["192.88.99.0", 24], // deprecated 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["192.175.48.0", 24], // direct delegation AS112
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation (TEST-NET-2)
  ["203.0.113.0", 24], // documentation (TEST-NET-3)
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved (includes 255.255.255.255, limited broadcast)
];

/** The IANA IPv6 Special-Purpose Address Registry, every entry, with the deprecated and multicast ranges. */
export const SPECIAL_PURPOSE_IPV6: readonly (readonly [string, number])[] = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["::", 96], // IPv4-compatible (deprecated): ::a.b.c.d
  ["::ffff:0:0", 96], // IPv4-mapped: the IPv4 address in it is reached directly
  ["64:ff9b:1::", 48], // local-use IPv4/IPv6 translation: what is behind it is local
  ["100::", 64], // discard-only
  ["100:0:0:1::", 64], // dummy prefix
  ["2001::", 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID, AMT, AS112, anycast services)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: the IPv4 address in it is reached through a relay
  ["2620:4f:8000::", 48], // direct delegation AS112
  ["3fff::", 20], // documentation
  ["5f00::", 16], // segment routing (SRv6) SIDs
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

/** The well-known NAT64 prefix: 64:ff9b::a.b.c.d reaches a.b.c.d, so it is judged by that address. */
const NAT64_PREFIX = "64:ff9b::";

// One list per family: a BlockList checks an IPv4 address against its IPv6 rules as ::ffff:a.b.c.d,
// which ::ffff:0:0/96 would refuse.
const refusedIpv4 = new BlockList();
const refusedIpv6 = new BlockList();
for (const [network, prefix] of SPECIAL_PURPOSE_IPV4) {
  refusedIpv4.addSubnet(network, prefix, "ipv4");
  refusedIpv6.addSubnet(`${NAT64_PREFIX}${network}`, 96 + prefix, "ipv6");
}
for (const [network, prefix] of SPECIAL_PURPOSE_IPV6) refusedIpv6.addSubnet(network, prefix, "ipv6");

/** Global unicast (2000::/3) and the NAT64 prefix: any other IPv6 address is reserved, not on the internet. */
const reachableIpv6 = new BlockList();
reachableIpv6.addSubnet("2000::", 3, "ipv6");
reachableIpv6.addSubnet(NAT64_PREFIX, 96, "ipv6");

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

const bare = (host: string) => host.replace(/^\[|\]$/g, "").toLowerCase();

/** An address no webhook may be sent to in production: special-purpose (above), or IPv6 outside global unicast. */
export function isSpecialPurposeAddress(address: string): boolean {
  const ip = bare(address);
  const version = isIP(ip);
  if (version === 4) return refusedIpv4.check(ip, "ipv4");
  if (version === 6) return refusedIpv6.check(ip, "ipv6") || !reachableIpv6.check(ip, "ipv6");
  return false;
}

/** A loopback address or name (what WEBHOOKS_ALLOW_LOOPBACK lets through for the journeys' receivers). */
export function isLoopbackHost(host: string): boolean {
  const ip = bare(host);
  if (ip === "localhost") return true;
  const version = isIP(ip);
  return version !== 0 && loopback.check(ip, version === 4 ? "ipv4" : "ipv6");
}

/** A host that is refused in production without a look-up: a special-purpose literal, or a localhost name. */
export function isRefusedHost(host: string): boolean {
  const name = bare(host);
  return name === "localhost" || name.endsWith(".localhost") || isSpecialPurposeAddress(name);
}

/** A host name's addresses (every one a look-up gives): `dns.lookup` with `all`, or a stand-in in tests. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export interface AddressPolicy {
  production: boolean;
  webhooksAllowLoopback: boolean;
}

/**
 * The addresses an attempt may connect to: the URL's host resolved once, and in production every
 * address checked (one refused address refuses the host: another look-up could return it alone).
 * With WEBHOOKS_ALLOW_LOOPBACK a loopback host must resolve to loopback addresses only.
 */
export async function checkedAddresses(url: URL, policy: AddressPolicy, resolve: ResolveHost): Promise<string[]> {
  const host = bare(url.hostname);
  const addresses = isIP(host) !== 0 ? [host] : await resolve(host);
  if (addresses.length === 0) throw new Error(`${host} has no address: not sent`);
  if (!policy.production) return addresses;
  const loopbackAllowed = policy.webhooksAllowLoopback && isLoopbackHost(host);
  for (const address of addresses) {
    const allowed = loopbackAllowed ? isLoopbackHost(address) : !isSpecialPurposeAddress(address);
    if (!allowed)
      throw new Error(
        address === host
          ? `${host} is a local, private or special-purpose address: not sent`
          : `${host} resolves to ${address}, a local, private or special-purpose address: not sent`,
      );
  }
  return addresses;
}

/**
 * A look-up that answers only the checked addresses, whatever the name: the connection goes where
 * the check looked, and a second DNS answer (rebinding) is never asked for.
 */
function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return (_hostname, options, callback) => {
    const all = typeof options === "object" && options !== null && (options as { all?: boolean }).all === true;
    const first = entries[0] as { address: string; family: number };
    if (all)
      (callback as unknown as (error: null, entries: { address: string; family: number }[]) => void)(null, entries);
    else callback(null, first.address, first.family);
  };
}

/**
 * POSTs `body` to `url` connecting only to `addresses` (from checkedAddresses). The Host header and
 * the TLS server name stay the URL's host name, so the receiver and its certificate are checked as
 * usual. Redirects are not followed; the answer's body is read and dropped.
 */
export function postPinned(
  url: URL,
  addresses: readonly string[],
  request: { headers: Record<string, string>; body: string; signal: AbortSignal },
): Promise<number> {
  const transport = url.protocol === "https:" ? https : http;
  return new Promise<number>((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: "POST",
        headers: { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) },
        lookup: pinnedLookup(addresses),
        signal: request.signal,
        agent: false,
      },
      (response) => {
        response.on("error", reject);
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.resume();
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}
