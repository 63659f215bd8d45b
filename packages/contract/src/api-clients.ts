/**
 * Machine clients of the provider API: an Admin creates an API client with scopes, its
 * secret is shown once; the client trades it for a short-lived bearer token (OAuth 2.0 client credentials,
 * RFC 6749 §4.4) that only the provider API (`/p`) accepts.
 */
import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from './primitives';
import { textSchema } from './text';
import { builtOnFirstUse } from './lazy-schema';

/** What a client may be allowed, one scope per provider write (and the event feed). */
export const API_CLIENT_SCOPES = ['accounts:write', 'invoices:write', 'usage:write', 'payments:write', 'events:read'] as const;
export type ApiClientScope = (typeof API_CLIENT_SCOPES)[number];
export const ApiClientScopeSchema = builtOnFirstUse(() => z.enum(API_CLIENT_SCOPES, { error: 'Unknown scope' }));

export const API_CLIENT_NAME_MAX = 100;
/** The longest an old secret may keep working after a rotation: 30 days. */
export const ROTATION_GRACE_MAX_MINUTES = 30 * 24 * 60;
/** Client tokens live 15 minutes: a disabled client is refused at once anyway (its state is read per call). */
export const CLIENT_TOKEN_TTL_SECONDS = 15 * 60;
/** The audience of client tokens: the provider API only (session tokens carry `billing`). */
export const PROVIDER_AUDIENCE = 'provider';

export const API_CLIENT_STATUSES = ['active', 'disabled'] as const;

export const ApiClientSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    /** The public half of the credentials (`client_id`). */
    clientId: z.string(),
    name: z.string(),
    scopes: z.array(ApiClientScopeSchema),
    status: z.enum(API_CLIENT_STATUSES),
    createdAt: IsoDateTimeSchema,
    /** When the current secret was issued (creation or the last rotation). */
    secretIssuedAt: IsoDateTimeSchema,
    /** Until when the secret before the last rotation still works; null when none does. */
    previousSecretExpiresAt: IsoDateTimeSchema.nullable(),
    disabledAt: IsoDateTimeSchema.nullable(),
  }),
);
export type ApiClient = z.infer<typeof ApiClientSchema>;

/** A client and its secret: answered once, at creation and at each rotation; only a hash is kept. */
export const ApiClientCredentialsSchema = builtOnFirstUse(() => z.object({ client: ApiClientSchema, clientSecret: z.string() }));
export type ApiClientCredentials = z.infer<typeof ApiClientCredentialsSchema>;

/** Scopes without repeats, in the order of API_CLIENT_SCOPES (pure). */
export const normaliseScopes = (scopes: readonly ApiClientScope[]): ApiClientScope[] => API_CLIENT_SCOPES.filter((s) => scopes.includes(s));

export const CreateApiClientRequestSchema = builtOnFirstUse(() =>
  z
    .object({
      name: textSchema().trim().min(1, 'Name is required').max(API_CLIENT_NAME_MAX, `Name must be at most ${API_CLIENT_NAME_MAX} characters`),
      scopes: z.array(ApiClientScopeSchema).min(1, 'Choose at least one scope').max(API_CLIENT_SCOPES.length).transform(normaliseScopes),
    })
    .strict(),
);
export type CreateApiClientRequest = z.input<typeof CreateApiClientRequestSchema>;

export const RotateApiClientSecretRequestSchema = builtOnFirstUse(() =>
  z
    .object({
      /** How long the old secret keeps working, so the provider can deploy the new one; 0 ends it at once. */
      gracePeriodMinutes: z
        .int('Grace period must be a whole number of minutes')
        .min(0, 'Grace period cannot be negative')
        .max(ROTATION_GRACE_MAX_MINUTES, 'Grace period must be at most 30 days'),
    })
    .strict(),
);
export type RotateApiClientSecretRequest = z.input<typeof RotateApiClientSecretRequestSchema>;

export const ApiClientIdParamsSchema = builtOnFirstUse(() => z.object({ id: IdSchema }));

/**
 * The token request's form fields (RFC 6749 §4.4.2, §2.3.1). Loose on purpose: the endpoint answers RFC 6749
 * §5.2 errors itself (and must ignore parameters it does not know), so only their types are read here.
 */
export const TokenRequestSchema = builtOnFirstUse(() =>
  z
    .looseObject({
      grant_type: z.unknown().optional(),
      scope: z.unknown().optional(),
      client_id: z.unknown().optional(),
      client_secret: z.unknown().optional(),
    })
    .optional(),
);

/** RFC 6749 §5.1. */
export const TokenResponseSchema = builtOnFirstUse(() =>
  z.object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.int(),
    scope: z.string(),
  }),
);
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** RFC 6749 §5.2 error codes (and `slow_down`, RFC 8628, for a throttled client). */
export const OAUTH_ERRORS = ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope', 'slow_down'] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];
/** An RFC 6749 §5.2 error; `error` is a string, not the enum, so a refusal by the body parsers (answered `{ error }`) still encodes. */
export const OAuthErrorSchema = builtOnFirstUse(() => z.object({ error: z.string(), error_description: z.string().optional() }));

/** RFC 8414 §2: what a standard OAuth client reads to configure itself. */
export const AuthorizationServerMetadataSchema = builtOnFirstUse(() =>
  z.object({
    issuer: z.string(),
    token_endpoint: z.string(),
    jwks_uri: z.string(),
    grant_types_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    response_types_supported: z.array(z.string()),
  }),
);
export type AuthorizationServerMetadata = z.infer<typeof AuthorizationServerMetadataSchema>;

/** The calling client as the provider API sees it (`GET /p/v1/clients/me`). */
export const ClientSelfSchema = builtOnFirstUse(() =>
  z.object({ clientId: z.string(), name: z.string(), scopes: z.array(ApiClientScopeSchema), tokenExpiresAt: IsoDateTimeSchema }),
);
export type ClientSelf = z.infer<typeof ClientSelfSchema>;
