import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { rememberingSigner } from './cookie-signer.ts';

describe('the remembering cookie signer', () => {
  const secret = 's'.repeat(40);

  it('signs and verifies exactly as @fastify/cookie does, the first time and when remembered', () => {
    const plain = new Signer(secret);
    const signer = rememberingSigner(secret);
    for (let i = 0; i < 2; i++) {
      expect(signer.sign('abc')).toBe(plain.sign('abc'));
      expect(signer.unsign(plain.sign('abc'))).toEqual(plain.unsign(plain.sign('abc')));
    }
  });

  it('refuses a tampered or foreign cookie every time, even after a valid one was remembered', () => {
    const signer = rememberingSigner(secret);
    const good = signer.sign('abc');
    expect(signer.unsign(good).valid).toBe(true);
    for (let i = 0; i < 2; i++) {
      expect(signer.unsign(`${good}x`)).toMatchObject({ valid: false, value: null });
      expect(signer.unsign(`abd.${good.split('.')[1]}`)).toMatchObject({ valid: false, value: null });
      expect(signer.unsign(new Signer('t'.repeat(40)).sign('abc')).valid).toBe(false);
    }
  });

  it('a caller changing a result does not change what is remembered', () => {
    const signer = rememberingSigner(secret);
    const good = signer.sign('abc');
    const first = signer.unsign(good);
    (first as { value: string | null }).value = 'someone-else';
    expect(signer.unsign(good).value).toBe('abc');
  });

  it('stays bounded: the oldest entries are forgotten, not wrongly answered', () => {
    const signer = rememberingSigner(secret, 3);
    const cookies = ['a', 'b', 'c', 'd', 'e'].map((v) => signer.sign(v));
    expect(cookies.map((c) => signer.unsign(c).value)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
