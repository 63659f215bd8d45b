/**
 * Passkeys (WebAuthn): the shapes of registering one, signing in with one, and the
 * list on the Security screen. The ceremony's own objects follow WebAuthn Level 3's JSON forms
 * (`PublicKeyCredentialCreationOptionsJSON`, `RegistrationResponseJSON`, …), what
 * @simplewebauthn/browser produces and @simplewebauthn/server reads.
 */
import { z } from 'zod';
import { IdSchema } from './primitives';
import { textSchema } from './text';
import { builtOnFirstUse } from './lazy-schema';

/** Base64url text (no padding) of at most `max` characters: every binary field of a ceremony. */
const base64Url = (max: number) =>
  textSchema()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url text');

/** Transports an authenticator reports (`usb`, `internal`, `hybrid`, …); unknown future ones are kept as text. */
const TransportsSchema = builtOnFirstUse(() => z.array(textSchema().max(32)).max(10));

/** What both ceremonies' answers start with: the credential's id and kind. */
const credentialFields = () => ({
  id: base64Url(1400),
  rawId: base64Url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** What `navigator.credentials.create()` gave the browser, as JSON. */
export const PasskeyRegistrationResponseSchema = builtOnFirstUse(() =>
  z.object({
    ...credentialFields(),
    response: z.object({
      clientDataJSON: base64Url(4000),
      attestationObject: base64Url(40_000),
      authenticatorData: base64Url(40_000).optional(),
      transports: TransportsSchema.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64Url(4000).optional(),
    }),
    // Extension outputs are not used; only credProps is kept (the rest is stripped).
    clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }).default({}),
  }),
);

/** What `navigator.credentials.get()` gave the browser, as JSON. */
export const PasskeyAuthenticationResponseSchema = builtOnFirstUse(() =>
  z.object({
    ...credentialFields(),
    response: z.object({
      clientDataJSON: base64Url(4000),
      authenticatorData: base64Url(40_000),
      signature: base64Url(4000),
      userHandle: base64Url(200).optional(),
    }),
    // Extension outputs are not used; only appid is kept (the rest is stripped).
    clientExtensionResults: z.object({ appid: z.boolean().optional() }).default({}),
  }),
);

/** `POST Passkeys`: the new credential, to verify and save. */
export const PasskeyRegistrationRequestSchema = builtOnFirstUse(() => z.object({ response: PasskeyRegistrationResponseSchema }));
/** `POST Authenticate/passkey`: the signed challenge. */
export const PasskeyLoginRequestSchema = builtOnFirstUse(() => z.object({ response: PasskeyAuthenticationResponseSchema }));

const CredentialDescriptorSchema = builtOnFirstUse(() =>
  z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() }),
);
/** The one extension asked for: whether the credential is discoverable (credProps). */
const ExtensionsSchema = builtOnFirstUse(() => z.object({ credProps: z.boolean().optional() }));

/** `PublicKeyCredentialCreationOptionsJSON` for `navigator.credentials.create()`. */
export const PasskeyRegistrationOptionsSchema = builtOnFirstUse(() =>
  z.object({
    challenge: z.string(),
    rp: z.object({ id: z.string().optional(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ type: z.string(), alg: z.number() })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(CredentialDescriptorSchema).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.string().optional(),
        residentKey: z.string().optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: z.string().optional(),
      })
      .optional(),
    hints: z.array(z.string()).optional(),
    attestation: z.string().optional(),
    extensions: ExtensionsSchema.optional(),
  }),
);

/** `PublicKeyCredentialRequestOptionsJSON` for `navigator.credentials.get()` (no allow-list: any passkey of this site). */
export const PasskeyAuthenticationOptionsSchema = builtOnFirstUse(() =>
  z.object({
    challenge: z.string(),
    rpId: z.string().optional(),
    timeout: z.number().optional(),
    allowCredentials: z.array(CredentialDescriptorSchema).optional(),
    userVerification: z.string().optional(),
    hints: z.array(z.string()).optional(),
    extensions: ExtensionsSchema.optional(),
  }),
);

/** A passkey as its owner sees it on the Security screen. */
export const PasskeySummarySchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    /** Where it was registered ("Chrome on macOS"). */
    name: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
    /** Synced by a password manager or platform account (can sign in on the person's other devices). */
    backedUp: z.boolean(),
  }),
);
export type PasskeySummary = z.infer<typeof PasskeySummarySchema>;
export const PasskeyListSchema = builtOnFirstUse(() => z.object({ value: z.array(PasskeySummarySchema) }));

/** Texts the passkey calls answer with. */
export const PASSKEY_MESSAGES = {
  signInFailed: 'This passkey could not sign you in. Try again, or log in with your password.',
  registrationFailed: 'The passkey could not be checked. Please try again.',
  alreadyRegistered: 'This passkey is already registered.',
  confirmFailed: 'This passkey could not confirm it is you. Try again, or enter your password.',
  noPasskeys: 'You have no passkeys: enter your password instead.',
} as const;
