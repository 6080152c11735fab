import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecrets, parseKey, Secrets } from './secrets.js';

describe('Secrets (AES-256-GCM sealing of stored tokens)', () => {
  const key = randomBytes(32);

  it('seals to a value that does not contain the secret and opens back to it', () => {
    const secrets = new Secrets(key);
    const sealed = secrets.seal('ya29.refresh-token-value');
    expect(sealed).not.toContain('refresh-token');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(secrets.open(sealed)).toBe('ya29.refresh-token-value');
    // A fresh IV each time: the same plain text never seals to the same value.
    expect(secrets.seal('ya29.refresh-token-value')).not.toBe(sealed);
  });

  it('refuses a tampered value and a value sealed with an unknown key', () => {
    const secrets = new Secrets(key);
    const parts = secrets.seal('token').split('.');
    const body = Buffer.from(parts[4] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => secrets.open(parts.join('.'))).toThrow();
    expect(() => new Secrets(randomBytes(32)).open(secrets.seal('token'))).toThrow(/No configured key/);
  });

  it('rotates: the previous key still opens, the current key seals, and old values ask to be re-sealed', () => {
    const old = new Secrets(key);
    const sealedWithOld = old.seal('token');
    const rotated = new Secrets(randomBytes(32), key);
    expect(rotated.open(sealedWithOld)).toBe('token');
    expect(rotated.needsReseal(sealedWithOld)).toBe(true);
    expect(rotated.needsReseal(rotated.seal('token'))).toBe(false);
  });

  it('reads keys as hex or base64, and a development machine keeps one generated key in DATA_DIR', () => {
    expect(parseKey(key.toString('hex'))).toEqual(key);
    expect(parseKey(key.toString('base64'))).toEqual(key);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
    const first = loadSecrets({ DATA_DIR: dir, isProduction: false });
    const second = loadSecrets({ DATA_DIR: dir, isProduction: false });
    expect(second?.open(first?.seal('x') as string)).toBe('x');
    expect(loadSecrets({ DATA_DIR: dir, isProduction: true })).toBeUndefined();
  });
});
