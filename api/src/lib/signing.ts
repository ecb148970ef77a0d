// Short signed texts (a cookie's value, a form's served time): an HMAC under a key made for one purpose
// from the server's secret, compared in constant time.
import { createHmac, timingSafeEqual } from "node:crypto";

export interface Signer {
  sign(payload: string): string;
  /** Whether `signature` is this signer's for `payload`, compared in constant time. */
  verify(payload: string, signature: string): boolean;
}

/** `length`: keep the signature's first characters only (a shorter cookie). */
export function keyedSigner(secret: string, purpose: string, length?: number): Signer {
  const key = createHmac("sha256", secret).update(purpose).digest();
  const sign = (payload: string) => {
    const full = createHmac("sha256", key).update(payload).digest("base64url");
    return length === undefined ? full : full.slice(0, length);
  };
  return {
    sign,
    verify(payload, signature) {
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
