/**
 * A random id this browser keeps, sent with a sign-up so invitations count sign-ups from one device once
 * (docs/product/engagement.md#invitations). Not a secret and not a tracker: it never leaves the sign-up form.
 */
const KEY = 'lantern_device_id';

export function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    // Storage off (private mode): the address alone counts.
    return undefined;
  }
}
