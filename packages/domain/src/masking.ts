/**
 * Masked forms of personal data shown in the user centre (basic info: phone_number_asterisks,
 * email_asterisks, credential_num_asterisks, real_name_asterisks). Enough stays visible for the
 * owner to recognise their data, never enough for someone looking over their shoulder to use it.
 */

function codePoints(value: string): string[] {
  return [...value];
}

/**
 * First 3 and last 4 characters visible, the rest starred, keeping the length: 13812341234 →
 * 138****1234. Shorter values show only their last 2 characters.
 */
export function maskPhone(phone: string): string {
  const chars = codePoints(phone.trim());
  const n = chars.length;
  if (n >= 8) return chars.slice(0, 3).join('') + '*'.repeat(n - 7) + chars.slice(-4).join('');
  if (n >= 3) return '*'.repeat(n - 2) + chars.slice(-2).join('');
  return '*'.repeat(n);
}

/**
 * First character of the local part, then a fixed *** so the length of the name is not revealed,
 * then the domain, which is needed to recognise the address: alice@x.com → a***@x.com.
 */
export function maskEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${codePoints(trimmed.slice(0, at))[0] ?? ''}***${trimmed.slice(at)}`;
}

/**
 * Identity numbers: first 3 and last 4 characters, the rest starred keeping the length
 * (11010519491231002X → 110***********002X). Seven characters or fewer are fully starred, since
 * showing 7 of them would reveal everything.
 */
export function maskCredential(credential: string): string {
  const chars = codePoints(credential.trim());
  const n = chars.length;
  if (n <= 7) return '*'.repeat(n);
  return chars.slice(0, 3).join('') + '*'.repeat(n - 7) + chars.slice(-4).join('');
}

/**
 * Chinese names: the first character (usually the family name) then one star per remaining
 * character (张三丰 → 张**). Latin-script names: the first letter and a fixed *** (John Smith → J***),
 * because a star per letter would reveal the name's shape. A one-character name is fully starred.
 */
export function maskRealName(name: string): string {
  const chars = codePoints(name.trim());
  const first = chars[0];
  if (first === undefined) return '';
  if (/\p{Script=Latin}/u.test(first)) return `${first}***`;
  if (chars.length === 1) return '*';
  return first + '*'.repeat(chars.length - 1);
}
