import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Sealing of secrets stored at rest (issue 34: provider OAuth tokens). AES-256-GCM with a random 96-bit
 * IV per value; the sealed form is `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url), where keyId is the
 * first 8 hex characters of the key's SHA-256, so a value says which key opens it. Rotation: the current
 * key seals; the current and the previous key open (see SECRETS_KEY in config/env.ts).
 */
export class Secrets {
  private readonly keys: Map<string, Buffer>;
  private readonly current: { id: string; key: Buffer };

  constructor(current: Buffer, previous?: Buffer) {
    if (current.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes (base64 or 64 hex characters)');
    if (previous && previous.length !== 32) throw new Error('SECRETS_KEY_PREVIOUS must be 32 bytes');
    this.current = { id: keyId(current), key: current };
    this.keys = new Map([[this.current.id, current]]);
    if (previous) this.keys.set(keyId(previous), previous);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', this.current.id, b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.');
  }

  /** Opens a sealed value; throws when it was tampered with or no configured key opens it. */
  open(sealed: string): string {
    const [version, id, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !id || !iv || !tag || body === undefined) throw new Error('Not a sealed value');
    const key = this.keys.get(id);
    if (!key) throw new Error(`No configured key opens this value (key ${id})`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  /** Whether a value was sealed with an older key (re-seal it on its next write). */
  needsReseal(sealed: string): boolean {
    return sealed.split('.')[1] !== this.current.id;
  }
}

/** 32 bytes from base64 or 64 hex characters. */
export function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  return /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
}

/**
 * The process's Secrets: SECRETS_KEY (+ SECRETS_KEY_PREVIOUS); outside production without a key, a key
 * generated once into `<dataDir>/secrets.key` (mode 0600); in production without a key, undefined (the
 * routes that would store a token answer that the server is not configured).
 */
export function loadSecrets(config: {
  SECRETS_KEY?: string;
  SECRETS_KEY_PREVIOUS?: string;
  DATA_DIR: string;
  isProduction: boolean;
}): Secrets | undefined {
  const previous = config.SECRETS_KEY_PREVIOUS ? parseKey(config.SECRETS_KEY_PREVIOUS) : undefined;
  if (config.SECRETS_KEY) return new Secrets(parseKey(config.SECRETS_KEY), previous);
  if (config.isProduction) return undefined;
  const file = path.join(config.DATA_DIR, 'secrets.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return new Secrets(parseKey(fs.readFileSync(file, 'utf8')), previous);
}

function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

function b64(buffer: Buffer): string {
  return buffer.toString('base64url');
}
