import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey for the gateway tests: a P-256 key pair that answers WebAuthn ceremonies as
 * an authenticator would (attestation "none"), so the gateway's verification meets real
 * signatures. The e2e tests use Chromium's virtual authenticator instead.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn §6.1). */
const Flag = { userPresent: 0x01, userVerified: 0x04, backedUp: 0x18, attested: 0x40 } as const;

export interface SoftAnswerOptions {
  /** The page origin written into clientDataJSON. */
  origin: string;
  /** @default the origin's host */
  rpId?: string;
  /** @default true */
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The signature counter, moved on by every assertion. */
  counter = 0;

  constructor(readonly userHandle = '') {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return encodeCBOR(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]),
    );
  }

  private authData(rpId: string, flags: number, attested: boolean): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const parts = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), idLength, this.credentialId, Buffer.from(this.coseKey()));
    }
    return Buffer.concat(parts);
  }

  private flags(options: SoftAnswerOptions, attested: boolean): number {
    return (
      Flag.userPresent |
      (options.userVerified === false ? 0 : Flag.userVerified) |
      (attested ? Flag.attested : 0)
    );
  }

  /** The client data a browser signs over for a ceremony of `type`. */
  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to `navigator.credentials.create` for these options' challenge. */
  register(challenge: string, options: SoftAnswerOptions) {
    const rpId = options.rpId ?? new URL(options.origin).hostname;
    const clientData = this.clientData('webauthn.create', challenge, options.origin);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', new Uint8Array(this.authData(rpId, this.flags(options, true), true))],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** The answer to `navigator.credentials.get` for a challenge: the counter moves on. */
  assert(challenge: string, options: SoftAnswerOptions) {
    const rpId = options.rpId ?? new URL(options.origin).hostname;
    this.counter += 1;
    const clientData = this.clientData('webauthn.get', challenge, options.origin);
    const authenticatorData = this.authData(rpId, this.flags(options, false), false);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientData)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: b64url(Buffer.from(this.userHandle)),
      },
    };
  }
}
