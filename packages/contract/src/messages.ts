import { z } from 'zod';
import { captchaFields } from './captcha.ts';

export const codePurpose = z.enum(['sign_up', 'sign_in', 'reset_password', 'bind', 'unbind', 'unlock', 'reauthenticate', 'appeal']);
export type CodePurpose = z.infer<typeof codePurpose>;

/** POST /api/message: send a verification code by SMS or e-mail. */
export const sendCodeRequest = z.object({
  message: z.object({
    type: z.enum(['Sms', 'Email']),
    /** Phone number for Sms, e-mail address for Email. Not needed for purposes unbind and reauthenticate: the code goes to the bound address. */
    target: z.string().max(254).optional(),
    purpose: codePurpose,
    ...captchaFields,
  }),
});
export type SendCodeRequest = z.infer<typeof sendCodeRequest>;

export const sendCodeResponse = z.object({
  sent: z.literal(true),
  resend_after: z.number().int(),
  expires_in: z.number().int(),
});
export type SendCodeResponse = z.infer<typeof sendCodeResponse>;
