/**
 * A software WebAuthn authenticator for API tests: a real P-256 key (node:crypto), real CBOR
 * attestation objects ("none" format) and authenticator data, and ES256 signatures over what a
 * browser would sign — so the server's verification runs exactly as it does for a device.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// ── A minimal CBOR encoder (RFC 8949): unsigned and negative integers, byte and text strings, maps ──

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

const head = (major: number, value: number): Buffer => {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(value, 1);
  return b;
};

export const encodeCbor = (value: Cbor): Buffer => {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [encodeCbor(k), encodeCbor(v)])]);
};

const b64u = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn §6.1). */
const FLAGS = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 };

export interface CeremonyOptions {
  /** What the browser would put in clientDataJSON (default: the authenticator's origin). */
  origin?: string;
  /** The relying party id the authenticator data is hashed for (default: the authenticator's). */
  rpId?: string;
  userVerified?: boolean;
}

export interface RegistrationJson {
  id: string;
  rawId: string;
  type: 'public-key';
  authenticatorAttachment: 'platform';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
}

export interface AuthenticationJson {
  id: string;
  rawId: string;
  type: 'public-key';
  authenticatorAttachment: 'platform';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
  clientExtensionResults: Record<string, never>;
}

/** One discoverable credential on a software authenticator, for one relying party and origin. */
export class SoftwarePasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The signature counter: every assertion raises it, as a hardware key does. */
  counter = 0;
  /** The user handle the relying party gave at registration (sent back on sign-in). */
  userHandle: string | undefined;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64u(this.credentialId);
  }

  /** COSE_Key of the public key: EC2, ES256, P-256, x and y. */
  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return encodeCbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private authenticatorData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** `navigator.credentials.create()` for the options the server gave. */
  register(options: { challenge: string; user: { id: string } }, ceremony: CeremonyOptions = {}): RegistrationJson {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16) /* AAGUID: none */, idLength, this.credentialId, this.coseKey()]);
    const flags = FLAGS.userPresent | FLAGS.attested | (ceremony.userVerified === false ? 0 : FLAGS.userVerified);
    const authData = this.authenticatorData(ceremony.rpId ?? this.rpId, flags, attested);
    const attestationObject = encodeCbor({ fmt: 'none', attStmt: {}, authData });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64u(this.clientData('webauthn.create', options.challenge, ceremony.origin ?? this.origin)),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** `navigator.credentials.get()` for the options the server gave: signs authenticator data and the client data's hash. */
  authenticate(options: { challenge: string }, ceremony: CeremonyOptions = {}): AuthenticationJson {
    this.counter += 1;
    const flags = FLAGS.userPresent | (ceremony.userVerified === false ? 0 : FLAGS.userVerified);
    const authData = this.authenticatorData(ceremony.rpId ?? this.rpId, flags);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, ceremony.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
