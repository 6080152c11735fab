import { z } from 'zod';
import { errorMessages } from '../messages/errors.js';
import { passwordProblems } from '../rules/password.js';
import { ROLES } from '../rules/roles.js';

export const emailSchema = z
  .string({ error: errorMessages.EMAIL_REQUIRED })
  .trim()
  .min(1, errorMessages.EMAIL_REQUIRED)
  .max(254, errorMessages.EMAIL_INVALID)
  .pipe(z.email({ error: errorMessages.EMAIL_INVALID }))
  .transform((value) => value.toLowerCase());

/** A new password: the spec's rules (each one's message) plus the deny-list. */
export const newPasswordSchema = z.string().superRefine((value, ctx) => {
  for (const code of passwordProblems(value)) {
    ctx.addIssue({ code: 'custom', message: errorMessages[code], params: { code } });
  }
});

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, errorMessages.PASSWORD_REQUIRED_FIELDS).max(1024),
});

export const registerBodySchema = z.strictObject({ email: emailSchema });

export const verifyEmailBodySchema = z.strictObject({
  code: z.string().regex(/^\d{6}$/, errorMessages.CODE_FORMAT),
});

export const completeRegistrationBodySchema = z
  .strictObject({
    name: z.string().trim().min(1, errorMessages.NAME_REQUIRED).max(120),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: errorMessages.PASSWORD_MISMATCH,
    path: ['confirmPassword'],
  });

export const changePasswordBodySchema = z
  .strictObject({
    currentPassword: z.string().min(1, errorMessages.PASSWORD_REQUIRED_FIELDS).max(1024),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, errorMessages.PASSWORD_REQUIRED_FIELDS),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: errorMessages.PASSWORD_MISMATCH,
    path: ['confirmPassword'],
  });

export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });

/** The code mailed by `forgot-password` and the new password (the same rules as registration). */
export const resetPasswordBodySchema = z
  .strictObject({
    code: z.string().regex(/^\d{6}$/, errorMessages.CODE_FORMAT),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: errorMessages.PASSWORD_MISMATCH,
    path: ['confirmPassword'],
  });

export const profileBodySchema = z.strictObject({ receiveEmailCopy: z.boolean() });

/** The spec's payload is {code, redirectUri}; `state` is added so the server can check it (S7). */
export const googleCallbackBodySchema = z.strictObject({
  code: z.string().min(1).max(4096),
  redirectUri: z.url().max(2048),
  state: z.string().min(1).max(512).optional(),
});

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  empresaId: z.string().nullable(),
  receiveEmailCopy: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const sessionResponseSchema = z.object({ access_token: z.string(), user: userSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/** problem+json body of every error answer. */
export const problemSchema = z.object({
  code: z.string(),
  message: z.string(),
  status: z.number(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

const rateSchema = z.object({ code: z.string(), codein: z.literal('BRL'), bid: z.number() });
/** `GET /api/rates`: keyed base+quote like the public service the spec reads (field `bid`). */
export const ratesResponseSchema = z.object({
  USDBRL: rateSchema,
  EURBRL: rateSchema,
  CNYBRL: rateSchema,
  fallback: z.boolean(),
  updatedAt: z.string(),
});
export type RatesResponse = z.infer<typeof ratesResponseSchema>;
