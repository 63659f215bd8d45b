/**
 * People of an account on the provider API: invitations (`POST /p/v1/accounts/{externalId}/invitations`) and
 * removing a person's access (`DELETE …/people/{email}`). Why the shapes are as they are:
 * docs/decisions/0017-invitations.md.
 */
import { z } from 'zod';
import { EMAIL_MESSAGE, ExternalIdSchema } from './accounts';
import { builtOnFirstUse } from './lazy-schema';
import { textSchema } from './text';

/**
 * What the invited person is on the account. The portal has no roles per account, and its only roles (Admin,
 * Staff) are the operator's own, which a provider's machine client may not hand out: one role for now, in the
 * shape so that integrations need not change when account roles arrive.
 */
export const INVITATION_ROLES = ['Customer'] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];

/**
 * `invited`: the person had no way to sign in yet and was mailed a link to set a password; `added`: they
 * already sign in (password or single sign-on) and were told that they now reach the account.
 */
export const INVITATION_STATUSES = ['invited', 'added'] as const;

/** How long an invitation's set-password link works: a week, as people take days to open such mail. */
export const INVITATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;

export const INVITATION_NAME_MAX = 200;
export const PERSON_EMAIL_MAX = 254;

const personEmail = () => textSchema().trim().toLowerCase().pipe(z.email(EMAIL_MESSAGE).max(PERSON_EMAIL_MAX, `Must be at most ${PERSON_EMAIL_MAX} characters`));

export const InvitationParamsSchema = builtOnFirstUse(() => z.object({ externalId: ExternalIdSchema }));

export const InvitationRequestSchema = builtOnFirstUse(() =>
  z.object({
    email: personEmail(),
    name: textSchema()
      .trim()
      .min(1, 'A name is required')
      .max(INVITATION_NAME_MAX, `Must be at most ${INVITATION_NAME_MAX} characters`),
    role: z.enum(INVITATION_ROLES, { error: `Role must be ${INVITATION_ROLES.join(' or ')}` }).default('Customer'),
  }),
);
export type InvitationRequest = z.input<typeof InvitationRequestSchema>;

export const InvitationSchema = builtOnFirstUse(() =>
  z.object({
    email: z.string(),
    name: z.string(),
    role: z.enum(INVITATION_ROLES),
    status: z.enum(INVITATION_STATUSES),
  }),
);
export type Invitation = z.infer<typeof InvitationSchema>;

export const AccountPersonParamsSchema = builtOnFirstUse(() => z.object({ externalId: ExternalIdSchema, email: personEmail() }));
