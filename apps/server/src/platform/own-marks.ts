/**
 * A reader's `own` flags laid into a shared answer's bytes (decisions/0016 "Reading at speed"). A list shared by
 * every reader says `"own":false` on each item; for a reader who wrote some of them, the same bytes with those
 * items' `false` turned to `true` are their answer — no building, validating or serializing again per request.
 *
 * The sequence `"own":false` can only be the field itself: inside a JSON string every quote is escaped, so no
 * text a user wrote can contain it. When the answer's count of them differs from its count of owners (an item
 * shaped otherwise), there are no marks and the caller builds the reader's answer instead.
 */
const FALSE = Buffer.from('"own":false', 'utf8');
const TRUE = Buffer.from('"own":true', 'utf8');

export interface OwnMarks {
  /** Byte offset of each `"own":false`, in order. */
  readonly offsets: readonly number[];
  /** The account owning the item of each offset. */
  readonly owners: readonly number[];
}

/** Finds every `"own":false` of the body; null when they do not pair one to one with `owners`. */
export function findOwnMarks(body: Buffer, owners: readonly number[]): OwnMarks | null {
  const offsets: number[] = [];
  for (let at = body.indexOf(FALSE); at !== -1; at = body.indexOf(FALSE, at + FALSE.length)) offsets.push(at);
  return offsets.length === owners.length ? { offsets, owners } : null;
}

/** The body with the reader's items marked `"own":true`; null when the reader owns none of them. */
export function markOwn(body: Buffer, marks: OwnMarks, readerId: number): Buffer | null {
  const parts: Buffer[] = [];
  let from = 0;
  marks.owners.forEach((owner, i) => {
    if (owner !== readerId) return;
    const at = marks.offsets[i]!;
    parts.push(body.subarray(from, at), TRUE);
    from = at + FALSE.length;
  });
  if (parts.length === 0) return null;
  parts.push(body.subarray(from));
  return Buffer.concat(parts);
}
