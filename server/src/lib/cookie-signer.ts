import { Signer } from '@fastify/cookie';

type Unsigned = ReturnType<Signer['unsign']>;

/**
 * The session cookie's signer, remembering what it has signed and verified: every request would otherwise compute
 * two HMACs for the same few cookies (one to verify the cookie, one when @fastify/session re-signs the id).
 * Only valid results are kept, so forged cookies cannot fill the memory, and both maps are bounded.
 */
export function rememberingSigner(secret: string, size = 10_000) {
  const signer = new Signer(secret);
  const signed = new Map<string, string>();
  const verified = new Map<string, Unsigned>();
  const keep = <V>(map: Map<string, V>, key: string, value: V) => {
    if (map.size >= size) map.delete(map.keys().next().value!);
    map.set(key, value);
  };
  return {
    sign(value: string): string {
      let result = signed.get(value);
      if (result === undefined) keep(signed, value, (result = signer.sign(value)));
      return result;
    },
    unsign(signedValue: string): Unsigned {
      const known = verified.get(signedValue);
      if (known) return { ...known };
      const result = signer.unsign(signedValue);
      if (result.valid) keep(verified, signedValue, { ...result });
      return result;
    },
  };
}
