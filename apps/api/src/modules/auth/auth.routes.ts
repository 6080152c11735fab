import {
  changePasswordBodySchema,
  completeRegistrationBodySchema,
  forgotPasswordBodySchema,
  googleCallbackBodySchema,
  loginBodySchema,
  messageResponseSchema,
  problemSchema,
  profileBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
  successMessages,
  userSchema,
  verifyEmailBodySchema,
} from '@cotacoes/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.js';
import { AppError } from '../../lib/errors.js';
import { access, requireAuth, SESSION_COOKIE } from '../../plugins/access.js';
import { requestMeta } from '../../plugins/request-context.js';
import { toPublicUser } from '../../read-models/users.js';
import type { AuthService, SignedIn } from './auth.service.js';
import { DEVICE_MAX_AGE_DAYS } from './login-throttle.js';
import type { OidcService, Provider } from './oidc.service.js';
import type { PasswordResetService } from './password-reset.service.js';

export const REGISTRATION_COOKIE = 'cotacoes_registration';
export const RESET_COOKIE = 'cotacoes_reset';
const OAUTH_COOKIE = 'cotacoes_oauth';
/** A browser the account signed in from with its password (ADR 0013). */
export const DEVICE_COOKIE = 'cotacoes_device';

const errorResponses = { 400: problemSchema, 401: problemSchema, 409: problemSchema, 429: problemSchema };

export type AuthRoutesOptions = {
  config: AppConfig;
  auth: AuthService;
  passwordReset: PasswordResetService;
  oidc: OidcService;
};

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { config, auth, passwordReset, oidc },
) => {
  const secure = config.isProduction;
  /** Stricter per-IP limits on the routes that guess or send codes and passwords (S4). */
  const strictLimit = { max: config.AUTH_RATE_LIMIT_MAX, timeWindow: '1 minute' };

  function setSessionCookie(reply: FastifyReply, token: string) {
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      secure,
      sameSite: 'lax',
      path: '/',
      maxAge: Math.round(config.SESSION_MAX_DAYS * 86_400),
    });
  }

  function signedIn(reply: FastifyReply, result: SignedIn) {
    setSessionCookie(reply, result.access_token);
    if (result.deviceToken) {
      reply.setCookie(DEVICE_COOKIE, result.deviceToken, {
        httpOnly: true,
        secure,
        sameSite: 'lax',
        path: '/api/auth',
        maxAge: DEVICE_MAX_AGE_DAYS * 86_400,
      });
    }
    return { access_token: result.access_token, user: result.user };
  }

  app.post(
    '/auth/register',
    {
      config: { access: access.public, rateLimit: strictLimit },
      schema: {
        tags: ['auth'],
        body: registerBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { registrationToken } = await auth.register(request.body.email, requestMeta(request));
      reply.setCookie(REGISTRATION_COOKIE, registrationToken, {
        httpOnly: true,
        secure,
        sameSite: 'lax',
        path: '/api/auth',
        maxAge: 24 * 3600,
      });
      return { message: successMessages.codeSent };
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: { access: access.public, rateLimit: strictLimit },
      schema: {
        tags: ['auth'],
        body: verifyEmailBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await auth.verifyEmail(request.cookies[REGISTRATION_COOKIE], request.body.code, requestMeta(request));
      return { message: successMessages.emailVerified };
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      config: { access: access.public, rateLimit: strictLimit },
      schema: {
        tags: ['auth'],
        body: z.strictObject({}).nullish(),
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await auth.resendVerification(request.cookies[REGISTRATION_COOKIE], requestMeta(request));
      return { message: successMessages.codeResent };
    },
  );

  app.post(
    '/auth/complete-registration',
    {
      config: { access: access.public, rateLimit: strictLimit },
      schema: {
        tags: ['auth'],
        body: completeRegistrationBodySchema,
        response: { 200: sessionResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await auth.completeRegistration(
        request.cookies[REGISTRATION_COOKIE],
        request.body,
        requestMeta(request),
      );
      reply.clearCookie(REGISTRATION_COOKIE, { path: '/api/auth' });
      return signedIn(reply, result);
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: access.public, rateLimit: strictLimit },
      schema: {
        tags: ['auth'],
        body: loginBodySchema,
        response: { 200: sessionResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await auth.login(request.body.email, request.body.password, requestMeta(request), {
        deviceToken: request.cookies[DEVICE_COOKIE],
        sessionUserId: request.auth?.user.id,
      });
      return signedIn(reply, result);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: access.public, rateLimit: strictLimit },
      schema: {
        tags: ['auth'],
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { resetToken } = await passwordReset.request(request.body.email, requestMeta(request));
      reply.setCookie(RESET_COOKIE, resetToken, {
        httpOnly: true,
        secure,
        sameSite: 'lax',
        path: '/api/auth',
        maxAge: 3600,
      });
      return { message: successMessages.resetCodeSent };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: access.public, rateLimit: strictLimit },
      schema: {
        tags: ['auth'],
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await passwordReset.reset(request.cookies[RESET_COOKIE], request.body, requestMeta(request));
      reply.clearCookie(RESET_COOKIE, { path: '/api/auth' });
      return { message: successMessages.passwordReset };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        body: z.strictObject({}).nullish(),
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await auth.logout(request.auth, requestMeta(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: successMessages.loggedOut };
    },
  );

  app.get(
    '/auth/me',
    {
      config: { access: access.user },
      schema: { tags: ['auth'], response: { 200: userSchema, 401: problemSchema } },
    },
    async (request) => toPublicUser(requireAuth(request).user),
  );

  app.post(
    '/auth/profile',
    {
      config: { access: access.user },
      schema: { tags: ['auth'], body: profileBodySchema, response: { 200: userSchema, ...errorResponses } },
    },
    async (request) => auth.updateProfile(requireAuth(request), request.body, requestMeta(request)),
  );

  app.post(
    '/auth/change-password',
    {
      config: { access: access.user, rateLimit: strictLimit },
      schema: {
        tags: ['auth'],
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await auth.changePassword(requireAuth(request), request.body, requestMeta(request));
      return { message: successMessages.passwordChanged };
    },
  );

  async function beginOidc(provider: Provider, reply: FastifyReply) {
    const { url, browserSecret } = await oidc.begin(provider);
    reply.setCookie(OAUTH_COOKIE, browserSecret, {
      httpOnly: true,
      secure,
      sameSite: 'lax',
      path: '/api/auth',
      maxAge: 600,
    });
    return reply.redirect(url, 302);
  }

  for (const provider of ['google', 'microsoft'] as const) {
    app.get(
      `/auth/${provider}/login`,
      { config: { access: access.public, rateLimit: strictLimit }, schema: { tags: ['auth'] } },
      async (_request, reply) => beginOidc(provider, reply),
    );
  }

  app.post(
    '/auth/google/callback',
    {
      config: { access: access.public, rateLimit: strictLimit },
      schema: {
        tags: ['auth'],
        body: googleCallbackBodySchema,
        response: { 200: sessionResponseSchema, ...errorResponses, 502: problemSchema, 503: problemSchema },
      },
    },
    async (request, reply) => {
      const userId = await oidc.complete('google', {
        code: request.body.code,
        state: request.body.state,
        redirectUri: request.body.redirectUri,
        browserSecret: request.cookies[OAUTH_COOKIE],
      });
      reply.clearCookie(OAUTH_COOKIE, { path: '/api/auth' });
      return signedIn(reply, await auth.signInUser(userId, requestMeta(request), 'auth.login.google'));
    },
  );

  app.get(
    '/auth/microsoft/callback',
    {
      config: { access: access.public, rateLimit: strictLimit },
      schema: {
        tags: ['auth'],
        querystring: z.object({
          code: z.string().max(4096).optional(),
          state: z.string().max(512).optional(),
          error: z.string().max(200).optional(),
          error_description: z.string().max(2000).optional(),
        }),
      },
    },
    async (request, reply) => {
      reply.clearCookie(OAUTH_COOKIE, { path: '/api/auth' });
      try {
        if (request.query.error || !request.query.code)
          throw new AppError('OAUTH_FAILED', { provider: 'Microsoft' });
        const userId = await oidc.complete('microsoft', {
          code: request.query.code,
          state: request.query.state,
          browserSecret: request.cookies[OAUTH_COOKIE],
        });
        const result = await auth.signInUser(userId, requestMeta(request), 'auth.login.microsoft');
        setSessionCookie(reply, result.access_token);
        const target = new URLSearchParams({ token: result.access_token, user: JSON.stringify(result.user) });
        return reply.redirect(`/auth/callback?${target}`, 302);
      } catch (error) {
        const appError =
          error instanceof AppError ? error : new AppError('OAUTH_FAILED', { provider: 'Microsoft' });
        request.log.warn({ err: error }, 'microsoft sign-in failed');
        return reply.redirect(`/auth/callback?${new URLSearchParams({ error: appError.userMessage })}`, 302);
      }
    },
  );
};
