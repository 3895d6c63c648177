import { z } from 'zod';

/** POST /api/captchas: a fresh image captcha. The answer is sent back later as `captcha_id` + `captcha`. */
export const captchaResponse = z.object({
  captcha_id: z.string(),
  svg: z.string(),
  expires_in: z.number().int(),
});
export type CaptchaResponse = z.infer<typeof captchaResponse>;

/** Fields any form carries when a captcha is asked for. */
export const captchaFields = {
  captcha_id: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
};
